import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useNavigation } from 'react-router';
import {
  BHK_MAX,
  FILTER_PARAMS,
  foldForSearch,
  type FilterableKind,
  type FilterProblem,
  type ListingFilters,
  type ProductChoices,
  type ProjectChoices,
} from '#shared/listings/listing-filters';
import type { MessageKey } from '#shared/i18n/catalogues';
import { paths } from '#shared/paths';
import { useLocalizedPath, useT, type Translate } from '#web/lib/i18n';
import { useListingFormat } from './use-listing-format';
import './listing-filters.css';

/*
 * The filter forms of /viewProjects and /viewProducts. A plain GET form: without
 * JavaScript it reloads the page with the filters in the address, which the server renders. Once
 * the app runs, a choice (or a typed value, when it is committed) navigates to the same address
 * without reloading, so the results change in place, the address can be shared, and the back
 * button goes back to the filters before. The URL is the only place the filters live.
 */

type Values = Record<string, string>;

function valuesOf<K extends FilterableKind>(kind: K, filters: ListingFilters[K]): Values {
  const given = new Map<string, unknown>(Object.entries(filters));
  const values: Values = {};
  for (const name of FILTER_PARAMS[kind]) values[name] = given.get(name) === undefined ? '' : String(given.get(name));
  values.sort ||= 'newest';
  return values;
}

/** The form's fields, set from the address (again when it changes, the back button included) and as the visitor types. */
function useFilterValues<K extends FilterableKind>(kind: K, filters: ListingFilters[K]) {
  const { search } = useLocation();
  const [values, setValues] = useState(() => valuesOf(kind, filters));
  const [shownFor, setShownFor] = useState(search);
  if (shownFor !== search) {
    setShownFor(search);
    setValues(valuesOf(kind, filters));
  }
  const set = (name: string) => (value: string) => setValues((current) => ({ ...current, [name]: value }));
  return [values, set] as const;
}

/** True while the list is being loaded for new filters. */
export function useFiltering(pathname: string): boolean {
  const navigation = useNavigation();
  return navigation.state === 'loading' && navigation.location.pathname === pathname;
}

interface FormState {
  problems: FilterProblem[];
  filtered: boolean;
  /** The list is loading for new filters: the results below are dimmed until it comes. */
  busy: boolean;
}

function FilterForm({
  action,
  label,
  submitLabel,
  filtered,
  problems,
  busy,
  children,
}: FormState & { action: string; label: string; submitLabel: string; children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const form = useRef<HTMLFormElement>(null);
  const t = useT();
  // Without script the form is sent by the browser: to the page in its language.
  const localized = useLocalizedPath();

  useEffect(() => {
    const element = form.current;
    if (!element) return;
    // The native change event: a choice made, or a typed value committed (Enter, or leaving the field).
    // requestSubmit checks the fields first (a negative size is not sent).
    const apply = () => element.requestSubmit();
    element.addEventListener('change', apply);
    return () => element.removeEventListener('change', apply);
  }, []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Only what is set goes into the address: it stays short and reads as the filters chosen.
    const query = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (typeof value !== 'string' || value.trim() === '' || (name === 'sort' && value === 'newest')) continue;
      query.set(name, value.trim());
    }
    const next = query.toString() ? `?${query}` : '';
    if (pathname === action && search === next) return;
    navigate({ pathname: action, search: next }, { preventScrollReset: true });
  };

  return (
    <form
      ref={form}
      className="listing-filters"
      method="get"
      action={localized(action)}
      role="search"
      aria-label={label}
      data-busy={busy || undefined}
      onSubmit={onSubmit}
    >
      {problems.length > 0 ? (
        <div className="notice notice--info listing-filters__problems" role="status">
          <p>{t('filters.problems')}</p>
          <ul>
            {problems.map((problem) => (
              <li key={problem.field}>{problemText(t, problem)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="listing-filters__fields">
        {children}
        <div className="listing-filters__actions">
          <button type="submit" className="button">
            {submitLabel}
          </button>
          {filtered || problems.length > 0 ? (
            <Link className="listing-filters__reset" to={action} preventScrollReset>
              {t('filters.clear')}
            </Link>
          ) : null}
        </div>
      </div>
    </form>
  );
}

/**
 * A problem in the page's words: the API's message names the address's parameter ("minSqft"), which
 * is for programs; a person reads the field's name in their language.
 */
function problemText(t: Translate, problem: FilterProblem): string {
  if (problem.kind === 'order') return t(problem.field === 'minSqft' ? 'filters.problem.order.sqft' : 'filters.problem.order.price');
  if (problem.kind === 'repeated') return t('filters.problem.repeated', { name: t(`filters.name.${problem.field}` as MessageKey) });
  return t(`filters.problem.${problem.field}` as MessageKey, { max: BHK_MAX });
}

interface Option {
  value: string;
  label: string;
}

/** The options, and the value from the address when it is not one of them (a shared link), so the form shows it. */
function withCurrent(options: Option[], value: string, label = value): Option[] {
  return value === '' || options.some((o) => o.value === value) ? options : [...options, { value, label }];
}

function SelectField({
  label,
  name,
  value,
  options,
  onChange,
  wide,
}: {
  label: string;
  name: string;
  value: string;
  options: Option[];
  onChange: (value: string) => void;
  /** The whole width of a phone, two columns of six on a wider screen (long choices). */
  wide?: boolean;
}) {
  const id = useId();
  return (
    <div className={`field listing-filters__field${wide ? ' listing-filters__field--wide' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} name={name} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

interface Bound {
  name: string;
  /** Shown ("Min"); the legend's word completes it for screen readers ("Min sq. ft"). */
  label: string;
  /** Read after the label by screen readers only. */
  unit: string;
  value: string;
  onChange: (value: string) => void;
}

/** A "from … to …" pair of number fields; rupees are echoed in Indian grouping as they are typed. */
function RangeField({ legend, hint, low, high, step, rupees }: { legend: string; hint?: string; low: Bound; high: Bound; step: string; rupees?: boolean }) {
  const hintId = useId();
  const bound = (b: Bound) => <BoundInput key={b.name} bound={b} step={step} rupees={rupees} describedBy={hint ? hintId : undefined} />;
  return (
    <fieldset className="listing-filters__range">
      <legend className="field__label">{legend}</legend>
      <div className="listing-filters__pair">
        {bound(low)}
        {bound(high)}
      </div>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}

function BoundInput({ bound, step, rupees, describedBy }: { bound: Bound; step: string; rupees?: boolean; describedBy?: string }) {
  const id = useId();
  const t = useT();
  const format = useListingFormat();
  const amount = rupees && /^\d+$/.test(bound.value) ? format.rupees(Number(bound.value)) : '';
  return (
    <div className="listing-filters__bound">
      <label className="listing-filters__bound-label" htmlFor={id}>
        {bound.label}
        <span className="visually-hidden"> {bound.unit}</span>
      </label>
      <input
        id={id}
        name={bound.name}
        type="number"
        inputMode={step === '1' ? 'numeric' : 'decimal'}
        min={0}
        step={step}
        value={bound.value}
        placeholder={t('filters.any')}
        aria-describedby={describedBy}
        onChange={(e) => bound.onChange(e.target.value)}
      />
      {amount ? (
        <span className="listing-filters__amount" aria-hidden="true">
          {amount}
        </span>
      ) : null}
    </div>
  );
}

/**
 * "3 homes match" (or, with no filter, how many there are), announced politely when it changes. With
 * nothing listed at all the grid's own message says so, and this says nothing.
 */
export function MatchCount({ count, filtered, what }: { count: number; filtered: boolean; what: 'homes' | 'decor' }) {
  const t = useT();
  // The count as digits (`{count}`), the plural chosen by the number (`{n}`).
  const values = { n: count, count: String(count) };
  const text = filtered ? t(`filters.${what}.matches`, values) : count > 0 ? t(`filters.${what}.count`, values) : '';
  return (
    <p className="listing-filters__count" aria-live="polite" aria-atomic="true">
      {text}
    </p>
  );
}

/** What the empty grid says when nothing passes the filters: so, and how to see every listing again. */
export function NoMatch({ what, resetTo }: { what: 'homes' | 'decor'; resetTo: string }) {
  const t = useT();
  return (
    <>
      {t('filters.noMatch.before', { what: t(`filters.${what}.plural`) })}
      <Link to={resetTo} preventScrollReset>
        {t('filters.noMatch.link')}
      </Link>
      {t('filters.noMatch.after')}
    </>
  );
}

/** Options whose labels are catalogue keys, in the page's language. */
const translated = (t: Translate, options: ReadonlyArray<{ value: string; label: MessageKey }>): Option[] =>
  options.map((option) => ({ value: option.value, label: t(option.label) }));

const READY_OPTIONS: ReadonlyArray<{ value: string; label: MessageKey }> = [
  { value: '', label: 'filters.ready.any' },
  { value: 'completed', label: 'filters.ready.completed' },
  { value: '6m', label: 'filters.ready.6m' },
  { value: '12m', label: 'filters.ready.12m' },
  { value: 'later', label: 'filters.ready.later' },
];

const PROJECT_SORT_OPTIONS: ReadonlyArray<{ value: string; label: MessageKey }> = [
  { value: 'newest', label: 'filters.sort.newest' },
  { value: 'price', label: 'filters.sort.price' },
  { value: '-price', label: 'filters.sort.-price' },
  { value: 'size', label: 'filters.sort.size' },
];

const PRODUCT_SORT_OPTIONS = PROJECT_SORT_OPTIONS.slice(0, 3);

/** The number fields' labels, in the page's language. */
function bounds(t: Translate, unit: 'sqft' | 'price', values: Values, set: (name: string) => (value: string) => void): { low: Bound; high: Bound } {
  const [low, high] = unit === 'sqft' ? (['minSqft', 'maxSqft'] as const) : (['minPrice', 'maxPrice'] as const);
  const shown = t(`filters.unit.${unit}`);
  return {
    low: { name: low, label: t('filters.min'), unit: shown, value: values[low]!, onChange: set(low) },
    high: { name: high, label: t('filters.max'), unit: shown, value: values[high]!, onChange: set(high) },
  };
}

export function ProjectFilterForm({ filters, choices, ...state }: FormState & { filters: ListingFilters['project']; choices: ProjectChoices | null }) {
  const [values, set] = useFilterValues('project', filters);
  const t = useT();
  const format = useListingFormat();
  const localities = withCurrent(
    [{ value: '', label: t('filters.anyLocality') }, ...(choices?.localities ?? []).map((l) => ({ value: l, label: l }))],
    values.locality!,
  );
  const bedrooms = withCurrent(
    [{ value: '', label: t('filters.any') }, ...(choices?.bhk ?? []).map((n) => ({ value: String(n), label: `${n} BHK` }))],
    values.bhk!,
    `${values.bhk} BHK`,
  );
  const showPrice = Boolean(choices?.price || values.minPrice || values.maxPrice);
  return (
    <FilterForm action={paths.projects} label={t('filters.homes.label')} submitLabel={t('filters.homes.submit')} {...state}>
      <SelectField label={t('filters.locality')} name="locality" value={values.locality!} options={localities} onChange={set('locality')} wide />
      <SelectField label={t('filters.unitSize')} name="bhk" value={values.bhk!} options={bedrooms} onChange={set('bhk')} />
      <SelectField
        label={t('filters.readyBy')}
        name="readyBy"
        value={values.readyBy!}
        options={withCurrent(translated(t, READY_OPTIONS), values.readyBy!)}
        onChange={set('readyBy')}
      />
      <RangeField
        legend={t('filters.size')}
        step="any"
        hint={choices?.sqft ? t('filters.hint.sqft', { min: format.sqft(choices.sqft.min), max: format.sqft(choices.sqft.max) }) : undefined}
        {...bounds(t, 'sqft', values, set)}
      />
      {showPrice ? (
        <RangeField
          legend={t('filters.price')}
          step="1"
          rupees
          hint={choices?.price ? t('filters.hint.homesPrice', { min: format.rupees(choices.price.min), max: format.rupees(choices.price.max) }) : undefined}
          {...bounds(t, 'price', values, set)}
        />
      ) : null}
      <SelectField
        label={t('filters.sortBy')}
        name="sort"
        value={values.sort!}
        options={withCurrent(translated(t, PROJECT_SORT_OPTIONS), values.sort!)}
        onChange={set('sort')}
        wide
      />
    </FilterForm>
  );
}

export function ProductFilterForm({ filters, choices, ...state }: FormState & { filters: ListingFilters['product']; choices: ProductChoices | null }) {
  const [values, set] = useFilterValues('product', filters);
  const keywordId = useId();
  // A tag from a link in another letter case ("boho") is the choice it names ("Boho").
  const tag = choices?.tags.find((t) => foldForSearch(t) === foldForSearch(values.tag!)) ?? values.tag!;
  const t = useT();
  const format = useListingFormat();
  const tags = withCurrent([{ value: '', label: t('filters.anyStyle') }, ...(choices?.tags ?? []).map((tag) => ({ value: tag, label: tag }))], tag);
  return (
    <FilterForm action={paths.products} label={t('filters.decor.label')} submitLabel={t('filters.decor.submit')} {...state}>
      <div className="field listing-filters__field listing-filters__field--wide">
        <label className="field__label" htmlFor={keywordId}>
          {t('filters.keyword')}
        </label>
        <input
          id={keywordId}
          name="q"
          type="search"
          value={values.q}
          maxLength={100}
          placeholder={t('filters.keywordPlaceholder')}
          onChange={(e) => set('q')(e.target.value)}
        />
      </div>
      <SelectField label={t('filters.style')} name="tag" value={tag} options={tags} onChange={set('tag')} wide />
      <RangeField
        legend={t('filters.price')}
        step="1"
        rupees
        hint={choices?.price ? t('filters.hint.decorPrice', { min: format.rupees(choices.price.min), max: format.rupees(choices.price.max) }) : undefined}
        {...bounds(t, 'price', values, set)}
      />
      <SelectField
        label={t('filters.sortBy')}
        name="sort"
        value={values.sort!}
        options={withCurrent(translated(t, PRODUCT_SORT_OPTIONS), values.sort!)}
        onChange={set('sort')}
        wide
      />
    </FilterForm>
  );
}
