'use client';
// The fields an app is registered and changed with: its name, redirect URIs (one a line), the
// scopes it may ask for (every scope the wire contract allows) and the first-party mark.
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { APP_SCOPES } from '@/contract/app-schemas';
import { CheckboxGroup } from '../components/choice-group';
import fieldStyles from '../components/field.module.css';
import { TextField } from '../components/text-field';

export interface AppDraft {
  name: string;
  redirectUris: string;
  scopes: string[];
  firstParty: boolean;
}

const SCOPE_CHOICES = APP_SCOPES.map((scope) => ({ value: scope, label: scope }));
const FIRST_PARTY = 'first_party';

/** The redirect URIs of the text area: one a line, blank lines dropped. */
export const redirectUrisOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The request's fields of a draft (the names of the wire contract). */
export const appFieldsOf = (draft: AppDraft) => ({
  name: draft.name,
  redirect_uris: redirectUrisOf(draft.redirectUris),
  scopes: draft.scopes as never,
  first_party: draft.firstParty,
});

function RedirectUrisField({ value, onChange, error }: { value: string; onChange(v: string): void; error?: string }) {
  const t = useTranslations('admin.appFields');
  const id = useId();
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={id}>
        {t('redirectUris')}
      </label>
      <textarea
        id={id}
        name="redirect_uris"
        className={fieldStyles.input}
        rows={3}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        required
      />
      <div id={`${id}-hint`} className={fieldStyles.hint}>
        {t('redirectUrisHint')}
      </div>
      {error ? (
        <p id={`${id}-error`} className={fieldStyles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function AppFields({
  draft,
  onChange,
  fieldError,
}: {
  draft: AppDraft;
  onChange(draft: AppDraft): void;
  fieldError(field: string): string | undefined;
}) {
  const t = useTranslations('admin.appFields');
  const trustChoices = [{ value: FIRST_PARTY, label: t('firstParty'), description: t('firstPartyText') }];
  return (
    <>
      <TextField
        label={t('name')}
        name="name"
        value={draft.name}
        onChange={(e) => onChange({ ...draft, name: e.target.value })}
        error={fieldError('name')}
        hint={t('nameHint')}
        required
      />
      <RedirectUrisField
        value={draft.redirectUris}
        onChange={(redirectUris) => onChange({ ...draft, redirectUris })}
        error={fieldError('redirect_uris')}
      />
      <CheckboxGroup
        legend={t('scopes')}
        name="scopes"
        choices={SCOPE_CHOICES}
        values={draft.scopes}
        onChange={(scopes) => onChange({ ...draft, scopes })}
        error={fieldError('scopes')}
        machineNames
      />
      <CheckboxGroup
        legend={t('trust')}
        name="first_party"
        choices={trustChoices}
        values={draft.firstParty ? [FIRST_PARTY] : []}
        onChange={(values) => onChange({ ...draft, firstParty: values.includes(FIRST_PARTY) })}
        error={fieldError('first_party')}
      />
    </>
  );
}
