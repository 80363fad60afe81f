import { useChosenModel } from '../lib/chosen-model';

/**
 * The models the server serves, when it serves more than one: the choice is kept per person on this device and sent
 * with each message. With one model (or the offline assistant) there is nothing to choose and nothing is shown.
 */
export function ModelPicker() {
  const { models, shown, choose } = useChosenModel();
  if (models.length < 2) return null;
  return (
    <label className="inline-flex items-center gap-1.5 text-xs text-slate-600">
      <span>Model</span>
      <select
        value={shown}
        onChange={(event) => choose(event.target.value)}
        className="max-w-44 truncate rounded-md border border-slate-300 bg-white py-1 pr-6 pl-2 text-xs text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {models.map((model) => (
          <option key={model} value={model}>
            {model}
          </option>
        ))}
      </select>
    </label>
  );
}
