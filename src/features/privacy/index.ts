// Privacy settings (SPEC §2 /privacy-settings): cookie choices, personalisation, clear local data.
export { PrivacySettingsScreen } from './components/privacy-settings-screen';
