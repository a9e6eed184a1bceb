import { describe, expect, it } from 'vitest';
import { cityNamedIn } from '#shared/matching/match-places';
import { nearestStudio } from '#web/features/visits/visit-booking';

// The demo's studios, in the order GET /api/visits/studios gives them (by name).
const STUDIOS = [
  { studioId: 'bandra', studioName: 'Bandra Studio', timeZone: 'Asia/Kolkata', daysAhead: 14 },
  { studioId: 'indiranagar', studioName: 'Indiranagar Studio', timeZone: 'Asia/Kolkata', daysAhead: 14 },
  { studioId: 'koregaon', studioName: 'Koregaon Park Studio', timeZone: 'Asia/Kolkata', daysAhead: 14 },
];

describe('a visit booked from a home’s page starts at the studio in its city', () => {
  it('reads the city a place names, by name, alias or locality', () => {
    expect(cityNamedIn('Whitefield, Bengaluru')).toBe('Bengaluru');
    expect(cityNamedIn('Sarjapur Road, Bangalore')).toBe('Bengaluru');
    expect(cityNamedIn('Hiranandani, Powai, Mumbai')).toBe('Mumbai');
    expect(cityNamedIn('Koregaon Park Studio')).toBe('Pune');
    expect(cityNamedIn('Lake Studio')).toBeNull();
  });

  it('picks Indiranagar for a Bengaluru home, Koregaon Park for Pune, and the first studio otherwise', () => {
    expect(nearestStudio(STUDIOS, 'Whitefield, Bengaluru').studioId).toBe('indiranagar');
    expect(nearestStudio(STUDIOS, 'Baner, Pune').studioId).toBe('koregaon');
    expect(nearestStudio(STUDIOS, 'Worli, Mumbai').studioId).toBe('bandra');
    expect(nearestStudio(STUDIOS, 'Somewhere else').studioId).toBe('bandra');
    expect(nearestStudio(STUDIOS, undefined).studioId).toBe('bandra');
  });
});
