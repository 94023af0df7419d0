import { Button, Sheet, Switch } from '@/shared/ui';
import { FONT_SIZE_MAX, FONT_SIZE_MIN, FONT_SIZE_STEP, type ToggleKey } from '../settings';
import { dispatchSetting, resetSettings, setAccessibilityPanelOpen, useAccessibility } from '../store';

const TOGGLES: Array<{ key: ToggleKey; label: string; help: string }> = [
  { key: 'highContrast', label: 'High contrast', help: 'Stronger colours and borders.' },
  { key: 'largeText', label: 'Large text', help: 'Scales all text up by an eighth.' },
  { key: 'reducedMotion', label: 'Reduce motion', help: 'Turns off animations and transitions.' },
  { key: 'screenReader', label: 'Screen reader support', help: 'Announces each page as you move around.' },
  { key: 'keyboardNavigation', label: 'Keyboard navigation', help: 'Always-visible focus outlines.' },
  { key: 'darkMode', label: 'Dark mode', help: 'Light text on a dark background.' },
];

/** The accessibility settings sheet (SPEC §2 overlays). Every change applies at once and is saved. */
export function AccessibilityPanel() {
  const open = useAccessibility((s) => s.panelOpen);
  const settings = useAccessibility((s) => s.settings);
  return (
    <Sheet
      open={open}
      onOpenChange={setAccessibilityPanelOpen}
      title="Accessibility settings"
      description="Changes apply straight away and are remembered on this device."
    >
      <div className="a11y-panel">
        <div className="a11y-panel__font" role="group" aria-labelledby="a11y-font-label">
          <label id="a11y-font-label" htmlFor="a11y-font-size">
            Font size: <strong>{settings.fontSize}px</strong>
          </label>
          <input
            id="a11y-font-size"
            type="range"
            min={FONT_SIZE_MIN}
            max={FONT_SIZE_MAX}
            step={FONT_SIZE_STEP}
            value={settings.fontSize}
            aria-valuetext={`${settings.fontSize} pixels`}
            onChange={(e) => dispatchSetting({ type: 'font-size', value: Number(e.target.value) })}
          />
          <div className="a11y-panel__steps">
            <Button
              size="sm"
              onClick={() => dispatchSetting({ type: 'font-step', direction: -1 })}
              disabled={settings.fontSize <= FONT_SIZE_MIN}
            >
              Smaller text
            </Button>
            <Button
              size="sm"
              onClick={() => dispatchSetting({ type: 'font-step', direction: 1 })}
              disabled={settings.fontSize >= FONT_SIZE_MAX}
            >
              Larger text
            </Button>
          </div>
        </div>
        <ul className="a11y-panel__list">
          {TOGGLES.map((t) => (
            <li key={t.key}>
              <Switch
                checked={settings[t.key]}
                onCheckedChange={(value) => dispatchSetting({ type: 'toggle', key: t.key, value })}
                label={t.label}
              />
              <p className="a11y-panel__help">{t.help}</p>
            </li>
          ))}
        </ul>
        <Button variant="ghost" onClick={resetSettings}>
          Reset to system defaults
        </Button>
      </div>
    </Sheet>
  );
}
