// Choices in a fieldset with a legend: radios (account type on the reset form, store and terminal
// on the POS page) or checkboxes (modules, stores). Native inputs, so arrow keys, space and screen
// readers work as expected.
import { Fragment, useId, type ReactNode } from 'react';
import styles from './choice-group.module.css';

export interface Choice {
  value: string;
  label: string;
  description?: string;
}

interface GroupFrame {
  legend: string;
  name: string;
  choices: readonly Choice[];
  hint?: string;
  error?: string;
  /** The labels are dotted machine names (event types): a narrow card breaks them after a dot only. */
  machineNames?: boolean;
}

export interface ChoiceGroupProps extends GroupFrame {
  value: string | null;
  onChange(value: string): void;
  required?: boolean;
}

export interface CheckboxGroupProps extends GroupFrame {
  values: readonly string[];
  onChange(values: string[]): void;
}

/** `account.created` with a break opportunity after each dot and underscore, none inside a word. */
function machineName(label: string): ReactNode {
  return label.split(/(?<=[._])/).map((part, i) => (
    <Fragment key={i}>
      {i > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}

function Group({
  legend,
  name,
  choices,
  hint,
  error,
  type,
  isChecked,
  onToggle,
  required,
  machineNames,
}: GroupFrame & {
  type: 'radio' | 'checkbox';
  isChecked(value: string): boolean;
  onToggle(value: string): void;
  required?: boolean;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={styles.group} aria-describedby={describedBy}>
      <legend className={styles.legend}>{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <div className={machineNames ? `${styles.options} ${styles.wide}` : styles.options}>
        {choices.map((choice) => (
          <label key={choice.value} className={styles.option}>
            <input
              className={styles.radio}
              type={type}
              name={name}
              value={choice.value}
              checked={isChecked(choice.value)}
              onChange={() => onToggle(choice.value)}
              required={required}
            />
            <span className={styles.text}>
              <span className={styles.title}>{machineNames ? machineName(choice.label) : choice.label}</span>
              {choice.description ? <span className={styles.description}>{choice.description}</span> : null}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function ChoiceGroup({ value, onChange, ...frame }: ChoiceGroupProps) {
  return <Group {...frame} type="radio" isChecked={(v) => v === value} onToggle={onChange} />;
}

/** Several of the choices, in the order of `choices`; values not among them (not loaded yet) are kept. */
export function CheckboxGroup({ values, onChange, ...frame }: CheckboxGroupProps) {
  const offered = frame.choices.map((c) => c.value);
  const toggle = (value: string) =>
    onChange([
      ...values.filter((v) => !offered.includes(v)),
      ...offered.filter((v) => (v === value ? !values.includes(v) : values.includes(v))),
    ]);
  return <Group {...frame} type="checkbox" isChecked={(v) => values.includes(v)} onToggle={toggle} />;
}
