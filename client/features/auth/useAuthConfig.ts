import { useEffect, useState } from 'react';
import { type AuthConfig, authApi } from './authApi';

// Fetched once per page load; landing, login and the dashboard footer all read it.
let pending: Promise<AuthConfig> | undefined;

export function loadAuthConfig(): Promise<AuthConfig> {
  pending ??= authApi.config().catch((error) => {
    pending = undefined;
    throw error;
  });
  return pending;
}

export function useAuthConfig(): AuthConfig | undefined {
  const [config, setConfig] = useState<AuthConfig>();
  useEffect(() => {
    let alive = true;
    loadAuthConfig().then(
      (value) => alive && setConfig(value),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, []);
  return config;
}

export function supportBotUrl(supportBot: string): string {
  return `https://t.me/${supportBot.replace(/^@/, '')}`;
}
