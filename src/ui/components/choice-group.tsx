// Radio choices in a fieldset with a legend: account type on the reset form, store and terminal
// on the POS page. Native radios, so arrow keys and screen readers work as expected.
import { useId } from 'react';
import styles from './choice-group.module.css';

export interface Choice {
  value: string;
  label: string;
  description?: string;
}

export interface ChoiceGroupProps {
  legend: string;
  name: string;
  choices: readonly Choice[];
  value: string | null;
  onChange(value: string): void;
  hint?: string;
  required?: boolean;
}

export function ChoiceGroup({ legend, name, choices, value, onChange, hint, required }: ChoiceGroupProps) {
  const hintId = useId();
  return (
    <fieldset className={styles.group} aria-describedby={hint ? hintId : undefined}>
      <legend className={styles.legend}>{legend}</legend>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <div className={styles.options}>
        {choices.map((choice) => (
          <label key={choice.value} className={styles.option}>
            <input
              className={styles.radio}
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              required={required}
            />
            <span className={styles.text}>
              <span className={styles.title}>{choice.label}</span>
              {choice.description ? <span className={styles.description}>{choice.description}</span> : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
