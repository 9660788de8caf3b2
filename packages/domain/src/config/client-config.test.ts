import { describe, expect, it } from 'vitest';
import { errorReportingEnabled } from './client-config.constants.ts';
import {
  AnalyticsMeasurementId,
  AppEnvironment,
  ClientStartupConfig,
  ErrorReportingUrl,
  GoogleClientId,
  PublicClientConfig,
  SessionRecordingProjectId,
} from './client-config.ts';

describe('startup configuration checks', () => {
  it('knows the three environments', () => {
    expect(AppEnvironment.options).toEqual(['local', 'staging', 'production']);
    expect(AppEnvironment.safeParse('dev').success).toBe(false);
  });

  it('treats blank settings as absent', () => {
    for (const schema of [GoogleClientId, AnalyticsMeasurementId, SessionRecordingProjectId, ErrorReportingUrl]) {
      expect(schema.parse('')).toBeUndefined();
      expect(schema.parse('  ')).toBeUndefined();
      expect(schema.parse(undefined)).toBeUndefined();
    }
  });

  it('checks the Google client id suffix', () => {
    expect(GoogleClientId.parse('123-abc.apps.googleusercontent.com')).toBe('123-abc.apps.googleusercontent.com');
    expect(GoogleClientId.safeParse('.apps.googleusercontent.com').success).toBe(false);
    expect(GoogleClientId.safeParse('123-abc.apps.googleusercontent.co').success).toBe(false);
    expect(GoogleClientId.safeParse('123-abc').error?.issues[0]?.message).toBe('google-client-id-invalid');
  });

  it('checks the analytics id is G- and 12 characters', () => {
    expect(AnalyticsMeasurementId.safeParse('G-ABCDE12345').success).toBe(true);
    expect(AnalyticsMeasurementId.safeParse('G-ABCDE1234').success).toBe(false);
    expect(AnalyticsMeasurementId.safeParse('G-ABCDE123456').success).toBe(false);
    expect(AnalyticsMeasurementId.safeParse('UA-BCDE12345').success).toBe(false);
  });

  it('checks the session-recording id is 10 characters', () => {
    expect(SessionRecordingProjectId.safeParse('abcde12345').success).toBe(true);
    expect(SessionRecordingProjectId.safeParse('abcde1234').success).toBe(false);
    expect(SessionRecordingProjectId.safeParse('abcde123456').success).toBe(false);
  });

  it('checks the error-reporting address is an http(s) URL', () => {
    expect(ErrorReportingUrl.safeParse('https://key@o1.ingest.example.io/2').success).toBe(true);
    expect(ErrorReportingUrl.safeParse('not a url').error?.issues[0]?.message).toBe('url-invalid');
    expect(ErrorReportingUrl.safeParse('ftp://example.com').success).toBe(false);
  });

  it('reports errors only outside local', () => {
    expect(errorReportingEnabled('local')).toBe(false);
    expect(errorReportingEnabled('staging')).toBe(true);
    expect(errorReportingEnabled('production')).toBe(true);
  });

  it('parses the client and public configuration with everything optional', () => {
    expect(ClientStartupConfig.parse({ environment: 'local', googleClientId: '' })).toEqual({ environment: 'local' });
    const config = PublicClientConfig.parse({
      environment: 'production',
      analyticsId: 'G-ABCDE12345',
      cardProviderAccountNumber: '',
      supportLinks: { whatsapp: 'https://wa.me/201000000000', chat: '' },
    });
    expect(config).toEqual({
      environment: 'production',
      analyticsId: 'G-ABCDE12345',
      supportLinks: { whatsapp: 'https://wa.me/201000000000' },
    });
    expect(PublicClientConfig.safeParse({ environment: 'production' }).success).toBe(false);
  });
});
