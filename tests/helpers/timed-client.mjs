// A client in its own process for timing comparisons: the parent sends one request at a time
// over IPC ({ url, body }), this process times it with its own event loop (nothing the server
// does after answering can slow the measurement) and replies { status, ms }.
process.on('message', async (message) => {
  if (message === 'exit') process.exit(0);
  const t = performance.now();
  try {
    const res = await fetch(message.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(message.body),
    });
    await res.arrayBuffer();
    process.send({ status: res.status, ms: performance.now() - t });
  } catch (err) {
    process.send({ status: 0, ms: performance.now() - t, error: String(err) });
  }
});
process.send('ready');
