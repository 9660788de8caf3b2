import { AUDIT_ACTIONS, AUDIT_OBJECT_TYPES, type AuditAction, type AuditObjectType } from '@darsak/domain/audit';
import { SelectField } from '@darsak/ui';
import { type MessageKey, useT } from '@darsak/ui/i18n';
import { useState } from 'react';
import { AuditTable } from '../../features/audit/components/audit-table.tsx';

/** /audit-log: every staff change, filtered by object type and action. */
export function AuditLogPage() {
  const t = useT();
  const [objectType, setObjectType] = useState('');
  const [action, setAction] = useState('');
  const filter = {
    ...(objectType ? { objectType: objectType as AuditObjectType } : {}),
    ...(action ? { action: action as AuditAction } : {}),
  };
  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold sm:text-3xl">{t('staff.sidebar.auditLog')}</h1>
        <p className="text-muted">{t('staff.audit.subtitle')}</p>
      </div>
      <AuditTable
        key={`${objectType}:${action}`}
        title={t('staff.audit.list')}
        filter={filter}
        filters={
          <div className="mb-4 grid gap-4 sm:grid-cols-2 lg:max-w-2xl">
            <SelectField
              label={t('staff.audit.object')}
              placeholder={false}
              value={objectType}
              onChange={(event) => setObjectType(event.target.value)}
              options={[
                { value: '', label: t('staff.filter.all') },
                ...AUDIT_OBJECT_TYPES.map((type) => ({
                  value: type,
                  label: t(`staff.audit.object.${type}` as MessageKey),
                })),
              ]}
            />
            <SelectField
              label={t('staff.audit.what')}
              placeholder={false}
              value={action}
              onChange={(event) => setAction(event.target.value)}
              options={[
                { value: '', label: t('staff.filter.all') },
                ...AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`staff.audit.action.${a}` as MessageKey) })),
              ]}
            />
          </div>
        }
      />
    </div>
  );
}
