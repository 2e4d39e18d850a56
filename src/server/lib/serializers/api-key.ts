// API key record as the app shows it: never the key or its hash.
export interface ApiKeyRecord {
  id: string;
  name: string;
  scopes: string[];
  rateLimitPerHour: number;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  isActive: boolean;
}

export function serializeApiKey(key: {
  id: string;
  name: string;
  scopes: string[];
  rateLimitPerHour: number;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  isActive: boolean;
}): ApiKeyRecord {
  return {
    id: key.id,
    name: key.name,
    scopes: key.scopes,
    rateLimitPerHour: key.rateLimitPerHour,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    expiresAt: key.expiresAt?.toISOString() ?? null,
    isActive: key.isActive,
  };
}
