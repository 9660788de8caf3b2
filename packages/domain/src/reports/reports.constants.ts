export const REPORT_TITLE_MAX_LENGTH = 120;
export const REPORT_DESCRIPTION_MAX_LENGTH = 5000;
export const REPORT_NOTE_MAX_LENGTH = 1000;
/** A screenshot of the page as the user sees it (a PNG of a large screen stays well under this). */
export const REPORT_SCREENSHOT_MAX_BYTES = 8 * 1024 * 1024;
/** The exported client log: 500 entries of at most ~600 characters each, with room to spare. */
export const REPORT_LOG_MAX_BYTES = 1024 * 1024;
/** The `report` part of the upload: the report's own fields as JSON. */
export const REPORT_FIELDS_MAX_BYTES = 64 * 1024;
