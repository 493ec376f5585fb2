// Middleware around request handlers: each returns a handler that calls
// the one it wraps and passes its result through.
export class Journal {
  entries: string[] = [];

  wrap<A extends unknown[], R>(name: string, handler: (...args: A) => Promise<R>) {
    return async (...args: A): Promise<R> => {
      this.entries.push(name);
      return handler(...args);
    };
  }
}

export function timed<A extends unknown[], R>(handler: (...args: A) => Promise<R>, label: string) {
  return async (...args: A): Promise<R> => {
    const start = Date.now();
    try {
      return await handler(...args);
    } finally {
      console.error(label, Date.now() - start);
    }
  };
}
