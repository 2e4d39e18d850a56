// One client's addresses as one key: an IPv4 address as it is (an IPv4-mapped IPv6 one as IPv4), an
// IPv6 address as its /64 (a host is handed a /64; rotating through it is one client).
import { isIPv6 } from "node:net";

/** An IPv4-mapped IPv6 address (`::ffff:127.0.0.5`, how a dual-stack socket reports IPv4) as the IPv4 address it is. */
export function unmappedAddress(address: string): string {
  return /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;
}

export function addressGroup(address: string): string {
  const mapped = unmappedAddress(address);
  if (mapped !== address) return mapped;
  const bare = address.split("%", 1)[0]!;
  if (!isIPv6(bare)) return address;
  const [head = "", tail] = bare.split("::");
  const headGroups = head ? head.split(":") : [];
  if (tail === undefined) return headGroups.slice(0, 4).map((group) => parseInt(group, 16).toString(16)).join(":") + "::/64";
  const tailGroups = tail ? tail.split(":") : [];
  const tailLength = tailGroups.reduce((length, group) => length + (group.includes(".") ? 2 : 1), 0);
  const groups = [...headGroups, ...Array<string>(8 - headGroups.length - tailLength).fill("0"), ...tailGroups];
  return groups.slice(0, 4).map((group) => parseInt(group, 16).toString(16)).join(":") + "::/64";
}
