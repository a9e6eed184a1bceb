// English written in a module, as tests/unit/staff-catalogue.test.ts must find it (its check can fail).
// A fixture: no page renders it.
export const columns = [{ title: 'Written here', key: 'written' }];

export function WrittenInEnglish() {
  return <p aria-label="Written here">Written here</p>;
}
