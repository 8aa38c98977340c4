import { SMTPServer } from 'smtp-server';
import { createDelivery } from './delivery';

// A list send is thousands of messages: they go over a few reused connections, not one each.
it('delivers many messages over a pool of at most four connections', async () => {
  let connections = 0;
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as { port: number };
  const delivery = createDelivery(`smtp://127.0.0.1:${port}`, 'Caucus <no-reply@caucus.app>');
  try {
    await Promise.all(Array.from({ length: 40 }, (_, i) => delivery.send!({ to: `reader${i}@example.org`, subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' })));
    expect(received).toBe(40);
    expect(connections).toBeGreaterThan(0);
    expect(connections).toBeLessThanOrEqual(4);
  } finally {
    delivery.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
