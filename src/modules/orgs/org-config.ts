/**
 * An organization's configuration: its plan and feature toggles, stored as one JSON object
 * in the v2 shape the existing product uses (plan at the top level, toggles under
 * `admin_toggles`), so clients that read `config.config` keep working.
 */
import { forbidden } from '../../core/errors/http-errors.ts';

export const PLANS = ['free', 'personal', 'personal-family', 'standard', 'pro', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];
export type SignupMode = 'open' | 'inviteOnly';

const toggle = () => ({ disabled: false });

export function defaultOrgConfig(plan: Plan = 'free') {
  return {
    config_version: '2.0',
    active: true,
    plan,
    admin_toggles: {
      ai: { disabled: false, copilot_enabled: true },
      analytics: toggle(),
      api: toggle(),
      boards: toggle(),
      collaboration: toggle(),
      communities: toggle(),
      folders: toggle(),
      members: { disabled: false, signup_mode: 'open' as SignupMode },
      payments: toggle(),
      playgrounds: toggle(),
      podcasts: toggle(),
    },
    overrides: {},
    customization: {
      general: {
        color: '',
        footer_text: '',
        favicon_image: '',
        watermark: true,
        font: '',
        default_language: 'en',
      },
      auth_branding: {},
      seo: {},
      landing: {},
      menu: { items: [] },
    },
  };
}

export type OrgConfig = ReturnType<typeof defaultOrgConfig>;

export function parseOrgConfig(text: string): OrgConfig {
  const stored = JSON.parse(text) as Partial<OrgConfig>;
  const defaults = defaultOrgConfig();
  return {
    ...defaults,
    ...stored,
    admin_toggles: { ...defaults.admin_toggles, ...(stored.admin_toggles ?? {}) },
  } as OrgConfig;
}

export function planOf(config: OrgConfig): Plan {
  return (PLANS as readonly string[]).includes(config.plan) ? config.plan : 'free';
}

export function planMeets(plan: Plan, required: Plan): boolean {
  return PLANS.indexOf(plan) >= PLANS.indexOf(required);
}

const capitalize = (plan: string) => plan.charAt(0).toUpperCase() + plan.slice(1);

/** 403 with the product's message, e.g. "Webhooks requires a Pro plan or higher. …". */
export function requirePlan(config: OrgConfig, required: Plan, feature: string): void {
  const plan = planOf(config);
  if (!planMeets(plan, required)) {
    throw forbidden(
      `${feature} requires a ${capitalize(required)} plan or higher. Your organization is currently on the ${capitalize(plan)} plan.`,
    );
  }
}

export function signupModeOf(config: OrgConfig): SignupMode {
  return config.admin_toggles.members?.signup_mode === 'inviteOnly' ? 'inviteOnly' : 'open';
}
