/**
 * Demo accounts of local mode (embedded identity provider only). Their ids are fixed so that demo characters can
 * name their owners before the identity provider has created the users.
 */
export const demoAccounts = [
  {
    id: "6f1c2a10-0000-4000-8000-000000000001",
    username: "admin",
    password: "admin",
    firstName: "Ada",
    lastName: "Admin",
    email: "admin@sro.local",
    groups: ["/Moderator/Admin"],
  },
  {
    id: "6f1c2a10-0000-4000-8000-000000000002",
    username: "moderator",
    password: "moderator",
    firstName: "Max",
    lastName: "Moderator",
    email: "moderator@sro.local",
    groups: ["/Moderator"],
  },
  {
    id: "6f1c2a10-0000-4000-8000-000000000003",
    username: "player",
    password: "player",
    firstName: "Pia",
    lastName: "Player",
    email: "player@sro.local",
    groups: ["/Player/Member"],
  },
  {
    id: "6f1c2a10-0000-4000-8000-000000000004",
    username: "banned",
    password: "banned",
    firstName: "Ben",
    lastName: "Banned",
    email: "banned@sro.local",
    groups: ["/Banned"],
  },
  // Players of the wider world: they own the rest of the demo characters, so every owner but one resolves.
  {
    id: "5e1d0000-0000-4000-8000-000900000002",
    username: "ozzy",
    password: "ozzy",
    firstName: "Ozzy",
    lastName: "Flatline",
    email: "ozzy@sro.local",
    groups: ["/Player/Member"],
  },
  {
    id: "5e1d0000-0000-4000-8000-000900000003",
    username: "rook",
    password: "rook",
    firstName: "Rook",
    lastName: "Daemon",
    email: "rook@sro.local",
    groups: ["/Player/Member"],
  },
  {
    id: "5e1d0000-0000-4000-8000-000900000004",
    username: "nova",
    password: "nova",
    firstName: "Nova",
    lastName: "Blackwire",
    email: "nova@sro.local",
    groups: ["/Player/Member"],
  },
  {
    id: "5e1d0000-0000-4000-8000-000900000005",
    username: "ivy",
    password: "ivy",
    firstName: "Ivy",
    lastName: "Backdoor",
    email: "ivy@sro.local",
    groups: ["/Player/Member"],
  },
  // A second admin: four-eyes approval (a permanent account ban, a large purge) needs another holder of the
  // capability than the one who asked, so the demo can walk it.
  {
    id: "6f1c2a10-0000-4000-8000-000000000005",
    username: "lead",
    password: "lead",
    firstName: "Lena",
    lastName: "Lead",
    email: "lead@sro.local",
    groups: ["/Moderator/Admin"],
  },
] as const;
