// The Language submenu of the user menu: all 35 locales by their own names, the current one checked.
import { useRef, useState, type KeyboardEvent } from 'react';
import { Menu, useDirection } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changeLocale } from '../../i18n/locale-switch.ts';
import { isLocale, localeInfos } from '../../i18n/locales.ts';

const stop = (event: KeyboardEvent) => {
  event.preventDefault();
  event.stopPropagation();
};

export function LanguageMenu() {
  const { t, i18n } = useTranslation('shell');
  const { dir } = useDirection();
  const [opened, setOpened] = useState(false);
  const itemRef = useRef<HTMLButtonElement>(null);
  const dropdownRef = useRef<HTMLDivElement>(null);

  /*
   * Mantine opens a submenu with Right and closes it with Left, also when right-to-left puts the submenu on
   * the left. There the keys are mirrored (the arrow points toward the submenu): the handlers run in the
   * capture phase and stop the event, so Mantine's own handler never sees it.
   */
  const openWithArrowInRtl = (event: KeyboardEvent) => {
    if (dir !== 'rtl') return;
    if (event.key === 'ArrowRight') stop(event);
    if (event.key === 'ArrowLeft') {
      stop(event);
      setOpened(true);
      // The items exist once the dropdown has rendered.
      window.setTimeout(() =>
        dropdownRef.current?.querySelector<HTMLElement>('[data-menu-item]')?.focus(),
      );
    }
  };
  const closeWithArrowInRtl = (event: KeyboardEvent) => {
    if (dir !== 'rtl') return;
    if (event.key === 'ArrowLeft') stop(event);
    if (event.key === 'ArrowRight') {
      stop(event);
      setOpened(false);
      itemRef.current?.focus();
    }
  };

  return (
    <Menu.Sub opened={opened} onChange={setOpened}>
      <Menu.Sub.Target>
        <Menu.Sub.Item
          ref={itemRef}
          leftSection={<IconLanguage size={16} aria-hidden="true" />}
          onKeyDownCapture={openWithArrowInRtl}
        >
          {t('userMenu.language')}
        </Menu.Sub.Item>
      </Menu.Sub.Target>
      <Menu.Sub.Dropdown
        ref={dropdownRef}
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
              // On the items: Mantine's dropdown drops a capture handler given to it.
              onKeyDownCapture={closeWithArrowInRtl}
            >
              {info.nativeName}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </Menu.Sub.Dropdown>
    </Menu.Sub>
  );
}
