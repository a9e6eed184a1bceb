/**
 * A multipart body for app.inject, as a browser's FormData would send it: text fields, plus an
 * optional `file` part.
 */
export async function multipart(
  fields: Record<string, string | number | undefined>,
  file?: { bytes: Uint8Array; filename?: string; type?: string },
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, String(value));
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.filename ?? 'image.jpg');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}
