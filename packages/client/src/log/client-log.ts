/** One line of the client log: what happened, where, and when (ISO time). */
export interface LogEntry {
  at: string;
  level: 'info' | 'warn' | 'error';
  /** The part of the app that wrote it: `socket`, `webrtc`, `media`, `chat`, `app`… */
  source: string;
  message: string;
  data?: unknown;
}

export interface ClientLog {
  info(source: string, message: string, data?: unknown): void;
  warn(source: string, message: string, data?: unknown): void;
  error(source: string, message: string, data?: unknown): void;
  entries(): readonly LogEntry[];
  /** Plain text, one entry a line, with a header describing the browser: the file of the log export (spec §2). */
  exportText(header?: Record<string, string | number | boolean | undefined>): string;
  clear(): void;
  subscribe(listener: () => void): () => void;
}

/** The largest `data` kept per entry once serialised, so a runaway payload (an SDP) cannot fill the buffer. */
const MAX_DATA_CHARS = 500;

function describe(data: unknown): string {
  if (data === undefined) return '';
  if (data instanceof Error) return `${data.name}: ${data.message}`;
  try {
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    return text.length > MAX_DATA_CHARS ? `${text.slice(0, MAX_DATA_CHARS)}…` : text;
  } catch {
    return String(data);
  }
}

/**
 * A ring buffer of what the client went through (connection events, errors, WebRTC state changes), kept in
 * memory only, never sent anywhere by itself: the user downloads it (log export) to attach to a problem report.
 * Tokens and message texts must never be written to it.
 */
export function createClientLog(options: { capacity?: number; now?: () => Date } = {}): ClientLog {
  const capacity = options.capacity ?? 500;
  const now = options.now ?? (() => new Date());
  let buffer: LogEntry[] = [];
  const listeners = new Set<() => void>();

  const add = (level: LogEntry['level'], source: string, message: string, data?: unknown) => {
    const entry: LogEntry = { at: now().toISOString(), level, source, message };
    if (data !== undefined) entry.data = describe(data);
    buffer = buffer.length >= capacity ? [...buffer.slice(buffer.length - capacity + 1), entry] : [...buffer, entry];
    for (const listener of listeners) listener();
  };

  return {
    info: (source, message, data) => add('info', source, message, data),
    warn: (source, message, data) => add('warn', source, message, data),
    error: (source, message, data) => add('error', source, message, data),
    entries: () => buffer,
    exportText(header = {}) {
      const head = Object.entries(header)
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => `# ${key}: ${value}`);
      const lines = buffer.map(
        (e) => `${e.at} ${e.level.toUpperCase().padEnd(5)} [${e.source}] ${e.message}${e.data ? ` ${e.data}` : ''}`,
      );
      return [...head, `# entries: ${buffer.length}`, '', ...lines, ''].join('\n');
    },
    clear() {
      buffer = [];
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** One line of an exported log read back: the entry's parts, or the line as it was when it has another shape. */
export type ReadLogLine = { entry: Omit<LogEntry, 'data'> } | { text: string };

const LINE = /^(\S+) (INFO|WARN|ERROR) +\[([^\]]*)\] (.*)$/;

/**
 * An exported log (`exportText`) read back for staff: its `# key: value` header and its entries, so a viewer can
 * show and filter them. The message and its data share one space-separated tail, so both stay in `message`.
 */
export function readExportedLog(text: string): { header: [string, string][]; lines: ReadLogLine[] } {
  const header: [string, string][] = [];
  const lines: ReadLogLine[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const head = /^# ([^:]+): (.*)$/.exec(line);
    if (head) {
      header.push([head[1] ?? '', head[2] ?? '']);
      continue;
    }
    const match = LINE.exec(line);
    if (!match) {
      lines.push({ text: line });
      continue;
    }
    const [, at = '', level = 'INFO', source = '', message = ''] = match;
    lines.push({ entry: { at, level: level.toLowerCase() as LogEntry['level'], source, message } });
  }
  return { header, lines };
}
