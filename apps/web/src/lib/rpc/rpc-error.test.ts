import { describe, expect, it } from 'vitest';
import { Code, ConnectError } from '@connectrpc/connect';
import {
  codeName,
  deleteFailureText,
  isNetworkFailure,
  isNotFound,
  itemLoadFailureText,
  listLoadFailureText,
  rpcErrorParts,
  rpcFailureText,
  serverUnreachableText,
} from './rpc-error';

describe('rpc error texts', () => {
  it("formats '{code}: {message}' with the upper-case code name and the raw message", () => {
    const error = new ConnectError('Name too short', Code.InvalidArgument);
    expect(error.message).toBe('[invalid_argument] Name too short');
    expect(rpcFailureText(error)).toBe('INVALID_ARGUMENT: Name too short');
    expect(rpcFailureText(new ConnectError('gone', Code.DeadlineExceeded))).toBe('DEADLINE_EXCEEDED: gone');
  });

  it("defaults the code to 'UNKNOWN' for plain errors", () => {
    expect(rpcErrorParts(new Error('boom'))).toEqual({ code: 'UNKNOWN', message: 'boom' });
    expect(rpcErrorParts('text')).toEqual({ code: 'UNKNOWN', message: 'text' });
  });

  it("formats delete failures as 'Failed to delete the X. {code} + {message}'", () => {
    const error = new ConnectError('no such map', Code.NotFound);
    expect(deleteFailureText('map', error)).toBe('Failed to delete the map. NOT_FOUND + no such map');
    expect(isNotFound(error)).toBe(true);
    expect(isNotFound(new Error('x'))).toBe(false);
  });

  it('formats load failures', () => {
    const error = new ConnectError('db down', Code.Unavailable);
    expect(listLoadFailureText('dimensions', error)).toBe('Failed to load dimensions: UNAVAILABLE db down');
    expect(itemLoadFailureText('dimension', error)).toBe('Failed to load dimension. db down');
  });

  it('tells a failed fetch from a server error', () => {
    expect(isNetworkFailure(ConnectError.from(new TypeError('Failed to fetch')))).toBe(true);
    expect(isNetworkFailure(new TypeError('Load failed'))).toBe(true);
    expect(isNetworkFailure(new ConnectError('Failed to fetch', Code.Unknown))).toBe(false);
    expect(isNetworkFailure(new ConnectError('db down', Code.Unavailable))).toBe(false);
    expect(isNetworkFailure(ConnectError.from(new DOMException('stop', 'AbortError')))).toBe(false);
    expect(codeName(Code.Unavailable)).toBe('UNAVAILABLE');
  });

  it("says in words that the server could not be reached, not 'UNKNOWN: Failed to fetch'", () => {
    // What Connect's fetch transport throws when the server is down.
    const down = ConnectError.from(new TypeError('Failed to fetch'));
    expect(rpcFailureText(down)).toBe('UNAVAILABLE: The server could not be reached. Check your network connection.');
    expect(deleteFailureText('map', down)).toBe('Failed to delete the map. UNAVAILABLE + The server could not be reached. Check your network connection.');
    expect(listLoadFailureText('dimensions', down)).toBe(
      'Failed to load dimensions: UNAVAILABLE The server could not be reached. Check your network connection.',
    );
    expect(itemLoadFailureText('dimension', down)).toBe('Failed to load dimension. The server could not be reached. Check your network connection.');
    // A server that answers keeps its own code and message.
    expect(rpcFailureText(new ConnectError('db down', Code.Unavailable))).toBe('UNAVAILABLE: db down');
    // A TypeError of our own code is a bug, not an unreachable server.
    expect(rpcFailureText(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(
      "UNKNOWN: Cannot read properties of undefined (reading 'map')",
    );
  });

  it('names the server that could not be reached', () => {
    expect(serverUnreachableText()).toBe('The server could not be reached. Check your network connection.');
    expect(serverUnreachableText('The chat server')).toBe('The chat server could not be reached. Check your network connection.');
  });
});
