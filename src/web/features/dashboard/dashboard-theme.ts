import type { ThemeConfig } from 'antd';

/** The staff dashboard in the site's dark blue. */
export const dashboardTheme: ThemeConfig = {
  token: {
    colorPrimary: '#1d4e89',
    colorLink: '#1d4e89',
    borderRadius: 8,
    // antd's default secondary greys fall below 4.5:1 on its light backgrounds.
    colorTextSecondary: 'rgba(0, 0, 0, 0.68)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    // Disabled controls stay legible (axe flags antd's default 0.25 alpha on its grey).
    colorTextDisabled: 'rgba(0, 0, 0, 0.56)',
    // antd's default red (#ff4d4f) is 3.3:1 on white: danger buttons' text failed contrast.
    colorError: '#c62828',
    // Its derived hover red is lighter again and fell below 4.5:1 under the pointer (axe, api-keys browser
    // test, when the mouse rested on Revoke): hovering and pressing darken it instead.
    colorErrorHover: '#a61f1f',
    colorErrorActive: '#8b1a1a',
    // 'Abode full-width' draws only the full-width punctuation of the staff texts (dashboard-layout.css).
    fontFamily: "Inter, 'Abode full-width', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  },
  components: {
    Layout: { siderBg: '#0b2545', headerBg: '#0b2545', triggerBg: '#13315c' },
    Menu: { darkItemBg: '#0b2545', darkSubMenuItemBg: '#071a33', darkItemSelectedBg: '#1d4e89' },
  },
};
