// A Headers class with the WHATWG behaviour the Anthropic SDK relies on: case-insensitive
// names, appended values joined by ", ", sorted lower-case iteration, and TypeErrors for names
// or values HTTP cannot carry. The build puts it in place of the global Headers inside the
// SDK, because touching Node's own Headers loads all of undici (see nodeFetch.ts).

export type HeadersInput =
  | Iterable<readonly [string, string]>
  | Record<string, string | readonly string[] | undefined>
  | null
  | undefined;

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const EDGE_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;
const FORBIDDEN_IN_VALUE = /[\0\r\n]/;

function headerName(name: string): string {
  const text = String(name);
  if (!TOKEN.test(text)) throw new TypeError(`Invalid header name: "${text}"`);
  return text.toLowerCase();
}

function headerValue(value: string): string {
  const text = String(value).replace(EDGE_WHITESPACE, '');
  if (FORBIDDEN_IN_VALUE.test(text)) throw new TypeError(`Invalid header value: "${text}"`);
  return text;
}

function isIterable(value: object): value is Iterable<readonly [string, string]> {
  return typeof (value as Partial<Iterable<unknown>>)[Symbol.iterator] === 'function';
}

export class LightHeaders {
  readonly #values = new Map<string, string>();

  constructor(init?: HeadersInput) {
    if (init === null || init === undefined) return;
    if (isIterable(init)) {
      for (const pair of init) {
        if (pair.length !== 2) throw new TypeError('Header pairs must have exactly two items');
        this.append(pair[0], pair[1]);
      }
      return;
    }
    for (const [name, value] of Object.entries(init)) {
      if (value === undefined) continue;
      if (typeof value === 'string') this.append(name, value);
      else for (const item of value) this.append(name, item);
    }
  }

  append(name: string, value: string): void {
    const key = headerName(name);
    const text = headerValue(value);
    const current = this.#values.get(key);
    this.#values.set(key, current === undefined ? text : `${current}, ${text}`);
  }

  set(name: string, value: string): void {
    this.#values.set(headerName(name), headerValue(value));
  }

  get(name: string): string | null {
    return this.#values.get(headerName(name)) ?? null;
  }

  has(name: string): boolean {
    return this.#values.has(headerName(name));
  }

  delete(name: string): void {
    this.#values.delete(headerName(name));
  }

  forEach(callback: (value: string, name: string, headers: LightHeaders) => void, thisArg?: unknown): void {
    for (const [name, value] of this) callback.call(thisArg, value, name, this);
  }

  *entries(): IterableIterator<[string, string]> {
    for (const name of [...this.#values.keys()].sort()) yield [name, this.#values.get(name) as string];
  }

  *keys(): IterableIterator<string> {
    for (const [name] of this.entries()) yield name;
  }

  *values(): IterableIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }

  get [Symbol.toStringTag](): string {
    return 'Headers';
  }
}

/**
 * A stand-in for one of Node's lazily loaded globals in `instanceof` checks, without loading it:
 * a real instance can only exist once something has read the global, which Node then turns
 * from a lazy getter into a plain value.
 */
function lazyGlobalCheck(name: 'FormData' | 'ReadableStream') {
  return class {
    static [Symbol.hasInstance](value: unknown): boolean {
      const descriptor = Object.getOwnPropertyDescriptor(globalThis, name);
      return descriptor !== undefined && 'value' in descriptor && value instanceof descriptor.value;
    }
  };
}

/** FormData comes from undici, which nodeFetch.ts exists to avoid loading. */
export const FormDataCheck = lazyGlobalCheck('FormData');
/** The SDK asks whether every request body is a ReadableStream; Node's web streams are ~40 modules. */
export const ReadableStreamCheck = lazyGlobalCheck('ReadableStream');
