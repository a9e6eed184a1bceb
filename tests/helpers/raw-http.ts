import { connect } from 'node:net';

/**
 * Sends bytes as they are to a listening server (no client normalises the path or checks the
 * headers) and resolves with everything it answers until it closes the connection.
 */
export function rawRequest(address: string, request: string): Promise<string> {
  const { hostname, port } = new URL(address);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(request));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

/** Status, headers (lower-case names) and body of a raw HTTP/1.1 answer. */
export function parseRaw(answer: string): { status: number; headers: Record<string, string>; body: string } {
  const split = answer.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = answer.slice(0, split).split('\r\n');
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body: answer.slice(split + 4) };
}
