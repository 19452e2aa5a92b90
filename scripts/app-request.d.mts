import type { ClientRequest, IncomingMessage, RequestOptions } from 'node:http';

export function requestApp(
  options: RequestOptions,
  onResponse: (response: IncomingMessage) => void,
  onError: (error: Error) => void,
): ClientRequest;
