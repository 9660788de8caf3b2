import { z } from 'zod';
import { defineRoute } from '../contract/define-route.ts';
import { ROLE_GROUPS } from '../users/roles.ts';
import { PlatformSettings, PlatformSettingsPatch } from './platform-settings.ts';

/** The settings in force and their defaults (what an admin sees before changing one). */
export const PlatformSettingsView = z.object({
  values: PlatformSettings,
  defaults: PlatformSettings,
});
export type PlatformSettingsView = z.infer<typeof PlatformSettingsView>;

const common = { tags: ['platform-settings'], auth: ROLE_GROUPS.admins } as const;

export const platformSettingsContract = {
  get: defineRoute({
    ...common,
    method: 'GET',
    path: '/api/v1/platform-settings',
    summary: 'The platform settings in force, with their defaults (admins)',
    response: PlatformSettingsView,
    errors: [],
  }),
  update: defineRoute({
    ...common,
    method: 'PATCH',
    path: '/api/v1/platform-settings',
    summary:
      'Change some platform settings; a value out of bounds is refused with its field named and nothing changes (admins)',
    body: PlatformSettingsPatch,
    response: PlatformSettingsView,
    errors: [],
  }),
} as const;
