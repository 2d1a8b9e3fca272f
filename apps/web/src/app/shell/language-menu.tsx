// The Language submenu of the user menu: all 35 locales by their own names, the current one checked.
import { Menu } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changeLocale } from '../../i18n/locale-switch.ts';
import { isLocale, localeInfos } from '../../i18n/locales.ts';

export function LanguageMenu() {
  const { t, i18n } = useTranslation('shell');
  return (
    <Menu.Sub>
      <Menu.Sub.Target>
        <Menu.Sub.Item leftSection={<IconLanguage size={16} aria-hidden="true" />}>
          {t('userMenu.language')}
        </Menu.Sub.Item>
      </Menu.Sub.Target>
      <Menu.Sub.Dropdown
        mah="min(70vh, 32rem)"
        style={{ overflowY: 'auto' }}
        aria-label={t('userMenu.language')}
      >
        <Menu.RadioGroup
          value={i18n.language}
          onChange={(value) => {
            if (isLocale(value)) void changeLocale(value);
          }}
        >
          {localeInfos().map((info) => (
            <Menu.RadioItem
              key={info.locale}
              value={info.locale}
              lang={info.locale}
              dir={info.direction}
              closeMenuOnClick
            >
              {info.nativeName}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </Menu.Sub.Dropdown>
    </Menu.Sub>
  );
}
