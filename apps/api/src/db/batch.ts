/**
 * Reads of many concurrent requests in one statement (decision 068). On PostgreSQL every statement
 * is a round trip: a socket write, a wake-up of a backend, a read, about as much of the API's CPU as
 * the request's own work. A hot read that every request makes (the bearer token, the menu's version)
 * is therefore gathered: calls made while a batch is in flight wait for the next one, which is sent
 * when the one in flight is answered (or, with none in flight, at the end of the current turn of the
 * event loop) and reads every key gathered so far in one statement. Equal keys are read once.
 *
 * Fresh as a read of its own: every call is answered by a statement sent after the call was made,
 * never by one already on its way (which may have read before a write the caller has seen
 * committed). So a change committed by any process before a request arrives is in that request's
 * answer, as it was with one statement per request (decisions 030, 034). Only for reads outside a
 * transaction: a transaction's reads must go through its own connection. At most `max` keys a
 * statement; the rest go in the next. A write that needs nothing back can be gathered the same way
 * with a key of its own per call (the mail outbox, decision 073). `apart`: calls with equal keys are
 * not read once but each in a statement of its own, one after the other, in the order they came
 * (writes to one cart, decision 074).
 */
export function batched<K, R>(keyOf: (key: K) => string, load: (keys: K[]) => Promise<R[]>, max = 200, apart = false) {
  interface Call {
    key: K;
    resolve: (row: R) => void;
    reject: (error: unknown) => void;
  }
  const gathered = new Map<string, Call[]>();
  let inFlight = false;
  let scheduled = false;

  const send = () => {
    scheduled = false;
    const batch: Call[][] = [];
    for (const [id, calls] of gathered) {
      if (batch.length === max) break;
      if (apart && calls.length > 1) batch.push(calls.splice(0, 1));
      else {
        batch.push(calls);
        gathered.delete(id);
      }
    }
    inFlight = true;
    load(batch.map((calls) => (calls[0] as Call).key)).then(
      (rows) => {
        batch.forEach((calls, i) => {
          for (const call of calls) call.resolve(rows[i] as R);
        });
        next();
      },
      (error: unknown) => {
        for (const calls of batch) for (const call of calls) call.reject(error);
        next();
      },
    );
  };
  const next = () => {
    inFlight = false;
    if (gathered.size > 0) send();
  };

  return (key: K): Promise<R> =>
    new Promise<R>((resolve, reject) => {
      const id = keyOf(key);
      let calls = gathered.get(id);
      if (!calls) {
        calls = [];
        gathered.set(id, calls);
      }
      calls.push({ key, resolve, reject });
      if (!inFlight && !scheduled) {
        scheduled = true;
        setImmediate(send);
      }
    });
}
