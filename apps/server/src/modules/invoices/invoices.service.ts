import type { Page } from '@darsak/domain/common';
import { egpToPiastres, offsetOf } from '@darsak/domain/common';
import { AppError } from '@darsak/domain/errors';
import {
  awaitsUpdateApproval,
  type Balance,
  type CreateInvoiceInput,
  cairoDayStart,
  cairoMonthRange,
  EARNINGS_CHART_WEEKS,
  type Earning,
  type EarningsQuery,
  INITIAL_INVOICE_STATE,
  INVOICE_EVENT_ACTOR,
  type Invoice,
  type InvoiceActionInput,
  type InvoiceEvent,
  type InvoiceListQuery,
  InvoiceStatus,
  nextInvoiceState,
  reservedByInvoice,
  type UpdateInvoiceInput,
  WITHDRAW_METHODS_MAX,
  type WithdrawMethodDetails,
  type WithdrawMethodInput,
  type WithdrawMethodItem,
  weeklyEarnings,
  withdrawalFitsBalance,
  withdrawalWithinLimits,
  withdrawMethodDetails,
} from '@darsak/domain/invoices';
import { isAdminRole, isTutorLike } from '@darsak/domain/users';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import type { AuthUser } from '../../platform/http/auth-user.ts';
import type { IncomingFile } from '../../platform/http/uploads.ts';
import type { Realtime } from '../../platform/realtime/realtime.ts';
import type { AssetsService } from '../assets/assets.service.ts';
import type { Notifier } from '../notifications/notifications.service.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { type InvoiceNoticeKind, invoiceNotice } from './invoices.messages.ts';
import * as repo from './invoices.repo.ts';
import type { Invoice as InvoiceRecord, NewInvoice, WithdrawMethod } from './invoices.table.ts';
import { approvedValues, copiedFrom, pendingUpdateView, requestedValues } from './invoices.updates.ts';

export interface InvoicesDeps {
  db: Db;
  clock: Clock;
  users: Pick<UsersService, 'findById'>;
  assets: Pick<AssetsService, 'withReceipt'>;
  outbox: Pick<Outbox, 'kick'>;
  /** Every message to a person goes through the notification policy. */
  notifications: Notifier;
  realtime: Pick<Realtime, 'toUser' | 'toChannel'>;
  settings: Pick<SettingsService, 'current'>;
}

type MethodInput = z.output<typeof WithdrawMethodInput>;

const receiptUrl = (name: string) => `/assets/receipts/${encodeURIComponent(name)}`;
const availableOf = (ledger: repo.Ledger) => ledger.earned - ledger.reserved - ledger.paidOut;

function toInvoice(row: repo.InvoiceRow, ownerAvailablePiastres: number): Invoice {
  const i = row.invoice;
  return {
    id: i.id,
    ownerId: i.ownerId,
    ownerName: row.ownerName,
    amountPiastres: i.amountPiastres,
    status: i.status as Invoice['status'],
    label: i.label,
    method: i.method as Invoice['method'],
    withdrawMethodId: i.withdrawMethodId,
    phone: i.phone,
    bank: i.bank as Invoice['bank'],
    accountNumber: i.accountNumber,
    receiverName: i.receiver,
    instapayAddress: i.instapayAddress,
    adminNote: i.adminNote,
    receiptUrl: row.receiptName ? receiptUrl(row.receiptName) : null,
    addressedBy: i.addressedBy,
    addressedAt: i.addressedAt?.toISOString() ?? null,
    pendingUpdate: pendingUpdateView(i.pendingUpdate),
    createdAt: i.createdAt.toISOString(),
    updatedAt: i.updatedAt.toISOString(),
    ownerAvailablePiastres,
  };
}

function toMethodItem(row: WithdrawMethod): WithdrawMethodItem {
  return {
    id: row.id,
    method: row.method as WithdrawMethodItem['method'],
    phone: row.phone,
    bank: row.bank as WithdrawMethodItem['bank'],
    accountNumber: row.accountNumber,
    receiverName: row.receiver,
    instapayAddress: row.instapayAddress,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A method's own fields as columns; the others are cleared, so a changed method leaves nothing behind. */
const columnsOf = (details: WithdrawMethodDetails) => ({
  method: details.method,
  phone: details.method === 0 ? details.phone : null,
  bank: details.method === 1 ? details.bank : null,
  accountNumber: details.method === 1 ? details.accountNumber : null,
  receiver: details.method === 1 ? details.receiverName : null,
  instapayAddress: details.method === 2 ? details.instapayAddress : null,
});

/** DESIGN §4: a tutor-like user reaches their own money; admins reach anyone's. */
function mayReachTutor(actor: AuthUser, tutorId: number) {
  if (actor.id !== tutorId && !isAdminRole(actor.role)) throw new AppError('forbidden');
}

export function createInvoicesService(deps: InvoicesDeps) {
  const { db, clock } = deps;

  async function ledgerOne(tx: Db, tutorId: number): Promise<repo.Ledger> {
    const ledger = (await repo.ledgerOf(tx, [tutorId])).get(tutorId);
    if (!ledger) throw new AppError('tutor-not-found');
    return ledger;
  }

  async function view(tx: Db, id: number): Promise<Invoice> {
    const row = await repo.findInvoiceView(tx, id);
    if (!row) throw new AppError('invoice-not-found');
    return toInvoice(row, availableOf(await ledgerOne(tx, row.invoice.ownerId)));
  }

  async function notify(tx: Db, invoice: InvoiceRecord, kind: InvoiceNoticeKind) {
    const notice = invoiceNotice(kind, {
      id: invoice.id,
      amountPiastres: invoice.amountPiastres,
      proposedPiastres: invoice.pendingUpdate?.amountPiastres ?? null,
      note: invoice.adminNote,
    });
    await deps.notifications.send(tx, invoice.ownerId, 'requestUpdate', notice, { template: `invoice-${kind}` });
  }

  /**
   * After commit: the tutor and the admin-invoices channel hear of it. A request cancelled (status 2) is gone
   * from what the tutor may still act on, so it is announced as `invoice:deleted`.
   */
  function announce(invoice: Invoice) {
    const event = invoice.status === InvoiceStatus.canceled ? 'invoice:deleted' : 'invoice:updated';
    const payload = { invoiceId: invoice.id, status: invoice.status };
    deps.realtime.toUser(invoice.ownerId, event, payload);
    deps.realtime.toChannel('admin-invoices', event, payload);
    deps.outbox.kick();
  }

  /**
   * One move of the machine, all in one transaction: the owner's ledger row is locked first (the same order as a
   * new request, so they never deadlock), then the invoice; the table of DESIGN §4 decides, the move is recorded
   * with who and when, and the tutor is told.
   */
  async function move(
    actor: AuthUser,
    id: number,
    event: InvoiceEvent,
    change: (tx: Db, invoice: InvoiceRecord) => Promise<Partial<NewInvoice>>,
    tx0: Db = db,
  ): Promise<Invoice> {
    const ownerId = await repo.ownerOfInvoice(tx0, id);
    if (ownerId === undefined) throw new AppError('invoice-not-found');
    const byAdmin = INVOICE_EVENT_ACTOR[event] === 'admin';
    if (!byAdmin && ownerId !== actor.id) throw new AppError('forbidden');
    const run = async (tx: Db) => {
      await repo.lockTutorLedger(tx, ownerId);
      const invoice = await repo.lockInvoice(tx, id);
      if (!invoice) throw new AppError('invoice-not-found');
      const from = invoice.status as InvoiceStatus;
      const next = nextInvoiceState(invoice.label, event);
      const values: Partial<NewInvoice> = {
        ...(await change(tx, invoice)),
        ...next,
        // A proposal lives only while updated-by-receiver: any other move (cancel, reject) drops it.
        ...(awaitsUpdateApproval(next.label) ? {} : { pendingUpdate: null }),
        ...(byAdmin ? { addressedBy: actor.id, addressedAt: clock.now() } : {}),
      };
      if (!(await repo.updateInvoice(tx, id, from, values))) throw new AppError('illegal-invoice-update');
      const updated = { ...invoice, ...values } as InvoiceRecord;
      await repo.insertInvoiceEvent(tx, {
        invoiceId: id,
        actorId: actor.id,
        fromStatus: from,
        toStatus: next.status,
        label: next.label,
        note: values.adminNote ?? null,
        at: clock.now(),
      });
      await notify(tx, updated, event === 'approveUpdate' ? 'update-approved' : next.label);
      return view(tx, id);
    };
    if (tx0 !== db) return run(tx0); // the caller's transaction: the caller announces once it commits
    const result = await db.transaction(run);
    announce(result);
    return result;
  }

  async function savedMethod(tx: Db, id: number, tutorId: number) {
    const method = await repo.findWithdrawMethod(tx, id, tutorId);
    if (!method) throw new AppError('withdraw-method-not-found');
    return method;
  }

  function mustFit(amountPiastres: number, availablePiastres: number) {
    if (!withdrawalFitsBalance(amountPiastres, availablePiastres))
      throw new AppError('not-enough-balance', { availablePiastres });
  }

  /** The contract holds the absolute range; the limits in force are the platform settings'. */
  async function mustBeWithinLimits(tx: Db, amountPiastres: number) {
    const settings = await deps.settings.current(tx);
    if (!withdrawalWithinLimits(amountPiastres, settings))
      throw new AppError('withdraw-amount-outside-limits', {
        minPiastres: settings.withdrawalMinPiastres,
        maxPiastres: settings.withdrawalMaxPiastres,
      });
  }

  return {
    async create(actor: AuthUser, input: CreateInvoiceInput): Promise<Invoice> {
      const amountPiastres = egpToPiastres(input.amount);
      const invoice = await db.transaction(async (tx) => {
        if (!(await repo.lockTutorLedger(tx, actor.id))) throw new AppError('tutor-not-found');
        const method = await savedMethod(tx, input.withdrawMethodId, actor.id);
        await mustBeWithinLimits(tx, amountPiastres);
        mustFit(amountPiastres, availableOf(await ledgerOne(tx, actor.id)));
        const row = await repo.insertInvoice(tx, {
          ownerId: actor.id,
          amountPiastres,
          ...INITIAL_INVOICE_STATE,
          ...copiedFrom(method),
          createdAt: clock.now(),
          updatedAt: clock.now(),
        });
        await repo.insertInvoiceEvent(tx, {
          invoiceId: row.id,
          actorId: actor.id,
          fromStatus: null,
          toStatus: row.status,
          label: row.label,
          at: clock.now(),
        });
        await notify(tx, row, row.label);
        return view(tx, row.id);
      });
      announce(invoice);
      return invoice;
    },

    /**
     * The tutor's edit while pending: a proposal (on top of any earlier one) that waits for "approve update". Its
     * amount must fit what is available plus what this request already holds.
     */
    update(actor: AuthUser, id: number, input: UpdateInvoiceInput): Promise<Invoice> {
      return move(actor, id, 'edit', async (tx, invoice) => {
        const proposal = requestedValues(invoice);
        if (input.amount !== undefined) {
          proposal.amountPiastres = egpToPiastres(input.amount);
          await mustBeWithinLimits(tx, proposal.amountPiastres);
          const ledger = await ledgerOne(tx, invoice.ownerId);
          const held = reservedByInvoice({ ...invoice, status: invoice.status as InvoiceStatus });
          mustFit(proposal.amountPiastres, availableOf(ledger) + held);
        }
        if (input.withdrawMethodId !== undefined)
          Object.assign(proposal, copiedFrom(await savedMethod(tx, input.withdrawMethodId, invoice.ownerId)));
        return { pendingUpdate: proposal };
      });
    },

    requestCancel: (actor: AuthUser, id: number) => move(actor, id, 'requestCancel', async () => ({})),

    /** The admin's decisions; approving an update gives the request the tutor's proposed values. */
    act(actor: AuthUser, id: number, input: InvoiceActionInput): Promise<Invoice> {
      return move(actor, id, input.action, async (_tx, invoice) => ({
        ...(input.action === 'approveUpdate' ? approvedValues(invoice, input.update) : {}),
        ...(input.note !== undefined ? { adminNote: input.note } : {}),
      }));
    },

    /** Fulfilled with the receipt: the file is stored for the invoice's tutor and recorded in the same transaction. */
    async fulfil(actor: AuthUser, id: number, files: AsyncIterable<IncomingFile>): Promise<Invoice> {
      const ownerId = await repo.ownerOfInvoice(db, id);
      if (ownerId === undefined) throw new AppError('invoice-not-found');
      const result = await deps.assets.withReceipt(actor, ownerId, files, (tx, assetId) =>
        move(actor, id, 'fulfil', async () => ({ receiptAssetId: assetId }), tx),
      );
      announce(result);
      return result;
    },

    /** The admin's note, edited or removed (null); the status stays, the change is recorded and told. */
    async setNote(actor: AuthUser, id: number, note: string | null): Promise<Invoice> {
      const result = await db.transaction(async (tx) => {
        const invoice = await repo.lockInvoice(tx, id);
        if (!invoice) throw new AppError('invoice-not-found');
        const from = invoice.status as InvoiceStatus;
        await repo.updateInvoice(tx, id, from, { adminNote: note });
        await repo.insertInvoiceEvent(tx, {
          invoiceId: id,
          actorId: actor.id,
          fromStatus: from,
          toStatus: from,
          label: invoice.label,
          note,
          at: clock.now(),
        });
        await notify(tx, { ...invoice, adminNote: note }, 'note');
        return view(tx, id);
      });
      announce(result);
      return result;
    },

    /** Tutors list their own; admins the whole queue with filters, each with its owner's available balance. */
    async list(actor: AuthUser, query: z.output<typeof InvoiceListQuery>): Promise<Page<Invoice>> {
      const ownerId = isAdminRole(actor.role) ? query.ownerId : actor.id;
      const { list, total } = await repo.listInvoices(db, {
        ownerId,
        status: query.status,
        method: query.method,
        from: query.from ? cairoDayStart(query.from) : undefined,
        to: query.to ? cairoDayStart(query.to, 1) : undefined,
        limit: query.size,
        offset: offsetOf(query),
      });
      const ledgers = await repo.ledgerOf(db, [...new Set(list.map((row) => row.invoice.ownerId))]);
      return {
        total,
        list: list.map((row) => {
          const ledger = ledgers.get(row.invoice.ownerId);
          return toInvoice(row, ledger ? availableOf(ledger) : 0);
        }),
      };
    },

    async balance(actor: AuthUser, tutorId: number): Promise<Balance> {
      mayReachTutor(actor, tutorId);
      if (!(await repo.tutorExists(db, tutorId))) throw new AppError('tutor-not-found');
      const [ledger, { withdrawalMinPiastres, withdrawalMaxPiastres }] = await Promise.all([
        ledgerOne(db, tutorId),
        deps.settings.current(),
      ]);
      const now = clock.now();
      const since = new Date(now.getTime() - (EARNINGS_CHART_WEEKS + 1) * 7 * 86_400_000);
      return {
        tutorId,
        earnedPiastres: ledger.earned,
        reservedPiastres: ledger.reserved,
        paidOutPiastres: ledger.paidOut,
        availablePiastres: availableOf(ledger),
        fulfilledLessons: ledger.fulfilledLessons,
        limits: { withdrawalMinPiastres, withdrawalMaxPiastres },
        weekly: weeklyEarnings(await repo.earningsSince(db, tutorId, since), now, EARNINGS_CHART_WEEKS),
      };
    },

    async earnings(actor: AuthUser, query: z.output<typeof EarningsQuery>): Promise<Page<Earning>> {
      const tutorId = isAdminRole(actor.role) ? (query.tutorId ?? actor.id) : actor.id;
      const { list, total } = await repo.earningsPage(db, {
        tutorId,
        range: query.month ? cairoMonthRange(query.month) : undefined,
        limit: query.size,
        offset: offsetOf(query),
      });
      return {
        total,
        list: list.map((row) => ({
          ...row,
          startsAt: row.startsAt?.toISOString() ?? null,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },

    // ---- withdraw methods ----

    async listMethods(actor: AuthUser): Promise<WithdrawMethodItem[]> {
      return (await repo.listWithdrawMethods(db, actor.id)).map(toMethodItem);
    },

    async createMethod(actor: AuthUser, input: MethodInput) {
      const details = withdrawMethodDetails(input);
      return db.transaction(async (tx) => {
        if (!isTutorLike(actor.role) || !(await repo.lockTutor(tx, actor.id))) throw new AppError('forbidden');
        const kept = (await repo.listWithdrawMethods(tx, actor.id)).length;
        if (kept >= WITHDRAW_METHODS_MAX)
          throw new AppError('too-many-withdraw-methods', { max: WITHDRAW_METHODS_MAX });
        const isDefault = input.isDefault ?? kept === 0;
        if (isDefault) await repo.clearDefaultMethod(tx, actor.id);
        return toMethodItem(
          await repo.insertWithdrawMethod(tx, { tutorId: actor.id, ...columnsOf(details), isDefault }),
        );
      });
    },

    async updateMethod(actor: AuthUser, id: number, input: MethodInput) {
      const details = withdrawMethodDetails(input);
      return db.transaction(async (tx) => {
        await savedMethod(tx, id, actor.id);
        if (input.isDefault) await repo.clearDefaultMethod(tx, actor.id);
        const row = await repo.replaceWithdrawMethod(tx, id, actor.id, {
          ...columnsOf(details),
          ...(input.isDefault !== undefined ? { isDefault: input.isDefault } : {}),
        });
        if (!row) throw new AppError('withdraw-method-not-found');
        return toMethodItem(row);
      });
    },

    async removeMethod(actor: AuthUser, id: number): Promise<null> {
      if (!(await repo.deleteWithdrawMethod(db, id, actor.id))) throw new AppError('withdraw-method-not-found');
      return null;
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
