import { io } from 'socket.io-client';
import type { RealtimeSocket, SocketFactory } from './realtime-client.ts';

/**
 * socket.io's own connection, in a module of its own so an app can load it when a session starts instead of with
 * its first page (socket.io is about 13 KB gzip of a guest's JavaScript); tests pass a fake factory instead.
 */
export const defaultSocketFactory: SocketFactory = (url, opts) => io(url, opts) as RealtimeSocket;
