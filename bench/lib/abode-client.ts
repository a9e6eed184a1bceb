import sharp from 'sharp';

/** Just enough of the API to prepare benchmark data, as staff would. */
export class AbodeClient {
  private token = '';
  constructor(readonly url: string) {}

  async login(email: string, password: string): Promise<string> {
    const res = await fetch(`${this.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
    this.token = ((await res.json()) as { token: string }).token;
    return this.token;
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${this.token}`, ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  /** Creates and activates a campaign; returns its id. */
  async activeCampaign(name: string, survey: object): Promise<string> {
    const { _id } = await this.call<{ _id: string }>('POST', '/api/campaign/add', { name, questions: JSON.stringify(survey), questioncolumns: '' });
    await this.call('POST', `/api/campaign/activate/${_id}`, { isActivated: true });
    return _id;
  }

  /** New leads go by turn to the staff who take leads (the round-robin of decision 0023), as the references assign them. */
  async assignByTurn(): Promise<void> {
    const { version: _v, updatedAt: _u, ...current } = await this.call<Record<string, unknown>>('GET', '/api/settings');
    await this.call('PUT', '/api/settings', {
      ...current,
      phone: '+91 80 4123 4567',
      whatsapp: '+91 98450 99999',
      assignment: { mode: 'round-robin', rules: [] },
    });
  }

  emailRecords(campaignId: string): Promise<Array<{ _id: string; email: string }>> {
    return this.call('GET', `/api/email/get/${campaignId}`);
  }

  /**
   * A demo home (RERA number, floor plan and a few photos already) given photos up to `count`
   * (1600×1200 photo-like JPEGs, uploaded as staff do); returns its id.
   */
  async homeWithPhotos(count: number, photo: (i: number) => Promise<Buffer>): Promise<string> {
    const homes = await this.call<Array<{ _id: string; photos: unknown[] }>>('GET', '/api/project/get');
    const home = homes[0];
    if (!home) throw new Error('no demo home to give photos to');
    const form = new FormData();
    for (let i = home.photos.length; i < count; i++)
      form.append('file', new Blob([new Uint8Array(await photo(i))], { type: 'image/jpeg' }), `photo-${i + 1}.jpg`);
    if (home.photos.length < count) await this.call('POST', `/api/project/photos/${home._id}`, form);
    return home._id;
  }

  async addProjects(count: number): Promise<void> {
    const image = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#1d4e89' } })
      .jpeg({ quality: 90 })
      .toBuffer();
    for (let i = 0; i < count; i++) {
      const form = new FormData();
      form.set('name', `Project ${i + 1}`);
      form.set('area', ['Whitefield', 'Baner', 'Powai', 'Indiranagar'][i % 4]!);
      form.set('squareft', String(900 + i * 25));
      form.set('dateofcomplition', `${String((i % 28) + 1).padStart(2, '0')}-0${(i % 9) + 1}-2027`);
      form.set('sizeofunit', `${(i % 4) + 1} BHK`);
      form.set('gmaplink', 'https://www.google.com/maps/search/?api=1&query=Bengaluru');
      form.set('filename', `project-${i}.jpg`);
      // A distinct image per project, as in real use (images are stored once per content hash).
      const own =
        i === 0
          ? image
          : await sharp(image)
              .modulate({ hue: i * 7 })
              .jpeg({ quality: 90 })
              .toBuffer();
      form.set('file', new Blob([own], { type: 'image/jpeg' }), `project-${i}.jpg`);
      await this.call('POST', '/api/project/add', form);
    }
  }
}

export const BENCH_SURVEY = {
  pages: [
    {
      name: 'home',
      elements: [
        { type: 'radiogroup', name: 'type', title: 'Property type', choices: ['Apartment', 'Villa', 'Plot'] },
        { type: 'checkbox', name: 'rooms', title: 'Rooms you need', choices: ['Study', 'Guest room', 'Balcony'] },
        { type: 'text', name: 'city', title: 'City' },
      ],
    },
  ],
};
