import { appFrameMessages } from '@darsak/ui/i18n/features/app-frame.ar.ts';
import { inviteMessages } from '@darsak/ui/i18n/features/invite.ar.ts';
import { tourMessages } from '@darsak/ui/i18n/features/tour.ar.ts';

/**
 * The feature catalogues the main app's frame shows on any page, beside the common one: the entry registers them
 * before the first render. A page's own features ride in its chunk: its route module registers them
 * (`void registerMessages(…)`, the router awaits their other languages), as does a lazily loaded part of the frame
 * (the problem-report dialog); messages.test.ts checks every scope (the entry's modules, each page's, each such
 * part's) holds the keys its modules use.
 */
export const WEB_FEATURES = [appFrameMessages, inviteMessages, tourMessages];
