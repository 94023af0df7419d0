import { DASHBOARD_RANGES, type DashboardRange } from '../api/admin-dashboard-api';

/** The dashboard's time range: native radios (arrow keys move between them), drawn as a segmented control. */
export function RangePicker({ value, onChange }: { value: DashboardRange; onChange: (days: DashboardRange) => void }) {
  return (
    <fieldset className="admin-range">
      <legend className="admin-range__legend">Time range</legend>
      <div className="admin-range__options">
        {DASHBOARD_RANGES.map((days) => (
          <label key={days} className="admin-range__option">
            <input
              type="radio"
              name="admin-range"
              value={days}
              checked={value === days}
              onChange={() => onChange(days)}
            />
            <span>{days} days</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
