// The time zones a user may choose (spec §9): Windows-style ids with display labels, offsets -12…+13.
import { z } from 'zod';

export interface TimeZoneEntry {
  /** Windows-style id, stored in users.timezone and sent as `timezone`. */
  id: string;
  /** Display label with the standard offset, as Windows shows it. */
  label: string;
  /** IANA zone the browser uses to compute the current time (daylight saving included). */
  iana: string;
}

// Labels carry the standard offset only; the IANA zone gives the real current time.
// IANA ids are the CLDR canonical spellings (e.g. Asia/Calcutta), which every ICU build accepts.
const entries: readonly (readonly [id: string, label: string, iana: string])[] = [
  ['Dateline Standard Time', '(UTC-12:00) International Date Line West', 'Etc/GMT+12'],
  ['UTC-11', '(UTC-11:00) Coordinated Universal Time-11', 'Etc/GMT+11'],
  ['Aleutian Standard Time', '(UTC-10:00) Aleutian Islands', 'America/Adak'],
  ['Hawaiian Standard Time', '(UTC-10:00) Hawaii', 'Pacific/Honolulu'],
  ['Marquesas Standard Time', '(UTC-09:30) Marquesas Islands', 'Pacific/Marquesas'],
  ['Alaskan Standard Time', '(UTC-09:00) Alaska', 'America/Anchorage'],
  ['UTC-09', '(UTC-09:00) Coordinated Universal Time-09', 'Etc/GMT+9'],
  ['Pacific Standard Time (Mexico)', '(UTC-08:00) Baja California', 'America/Tijuana'],
  ['UTC-08', '(UTC-08:00) Coordinated Universal Time-08', 'Etc/GMT+8'],
  ['Pacific Standard Time', '(UTC-08:00) Pacific Time (US & Canada)', 'America/Los_Angeles'],
  ['US Mountain Standard Time', '(UTC-07:00) Arizona', 'America/Phoenix'],
  ['Mountain Standard Time (Mexico)', '(UTC-07:00) La Paz, Mazatlan', 'America/Mazatlan'],
  ['Mountain Standard Time', '(UTC-07:00) Mountain Time (US & Canada)', 'America/Denver'],
  ['Yukon Standard Time', '(UTC-07:00) Yukon', 'America/Whitehorse'],
  ['Central America Standard Time', '(UTC-06:00) Central America', 'America/Guatemala'],
  ['Central Standard Time', '(UTC-06:00) Central Time (US & Canada)', 'America/Chicago'],
  ['Easter Island Standard Time', '(UTC-06:00) Easter Island', 'Pacific/Easter'],
  [
    'Central Standard Time (Mexico)',
    '(UTC-06:00) Guadalajara, Mexico City, Monterrey',
    'America/Mexico_City',
  ],
  ['Canada Central Standard Time', '(UTC-06:00) Saskatchewan', 'America/Regina'],
  ['SA Pacific Standard Time', '(UTC-05:00) Bogota, Lima, Quito, Rio Branco', 'America/Bogota'],
  ['Eastern Standard Time (Mexico)', '(UTC-05:00) Chetumal', 'America/Cancun'],
  ['Eastern Standard Time', '(UTC-05:00) Eastern Time (US & Canada)', 'America/New_York'],
  ['Haiti Standard Time', '(UTC-05:00) Haiti', 'America/Port-au-Prince'],
  ['Cuba Standard Time', '(UTC-05:00) Havana', 'America/Havana'],
  ['US Eastern Standard Time', '(UTC-05:00) Indiana (East)', 'America/Indianapolis'],
  ['Turks And Caicos Standard Time', '(UTC-05:00) Turks and Caicos', 'America/Grand_Turk'],
  ['Atlantic Standard Time', '(UTC-04:00) Atlantic Time (Canada)', 'America/Halifax'],
  ['Venezuela Standard Time', '(UTC-04:00) Caracas', 'America/Caracas'],
  ['Central Brazilian Standard Time', '(UTC-04:00) Cuiaba', 'America/Cuiaba'],
  [
    'SA Western Standard Time',
    '(UTC-04:00) Georgetown, La Paz, Manaus, San Juan',
    'America/La_Paz',
  ],
  ['Pacific SA Standard Time', '(UTC-04:00) Santiago', 'America/Santiago'],
  ['Newfoundland Standard Time', '(UTC-03:30) Newfoundland', 'America/St_Johns'],
  ['Tocantins Standard Time', '(UTC-03:00) Araguaina', 'America/Araguaina'],
  ['Paraguay Standard Time', '(UTC-03:00) Asuncion', 'America/Asuncion'],
  ['E. South America Standard Time', '(UTC-03:00) Brasilia', 'America/Sao_Paulo'],
  ['SA Eastern Standard Time', '(UTC-03:00) Cayenne, Fortaleza', 'America/Cayenne'],
  ['Argentina Standard Time', '(UTC-03:00) City of Buenos Aires', 'America/Buenos_Aires'],
  ['Montevideo Standard Time', '(UTC-03:00) Montevideo', 'America/Montevideo'],
  ['Magallanes Standard Time', '(UTC-03:00) Punta Arenas', 'America/Punta_Arenas'],
  ['Saint Pierre Standard Time', '(UTC-03:00) Saint Pierre and Miquelon', 'America/Miquelon'],
  ['Bahia Standard Time', '(UTC-03:00) Salvador', 'America/Bahia'],
  ['Greenland Standard Time', '(UTC-02:00) Greenland', 'America/Godthab'],
  ['UTC-02', '(UTC-02:00) Coordinated Universal Time-02', 'Etc/GMT+2'],
  ['Azores Standard Time', '(UTC-01:00) Azores', 'Atlantic/Azores'],
  ['Cape Verde Standard Time', '(UTC-01:00) Cabo Verde Is.', 'Atlantic/Cape_Verde'],
  ['UTC', '(UTC) Coordinated Universal Time', 'Etc/UTC'],
  ['GMT Standard Time', '(UTC+00:00) Dublin, Edinburgh, Lisbon, London', 'Europe/London'],
  ['Greenwich Standard Time', '(UTC+00:00) Monrovia, Reykjavik', 'Atlantic/Reykjavik'],
  ['Sao Tome Standard Time', '(UTC+00:00) Sao Tome', 'Africa/Sao_Tome'],
  ['Morocco Standard Time', '(UTC+01:00) Casablanca', 'Africa/Casablanca'],
  [
    'W. Europe Standard Time',
    '(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna',
    'Europe/Berlin',
  ],
  [
    'Central Europe Standard Time',
    '(UTC+01:00) Belgrade, Bratislava, Budapest, Ljubljana, Prague',
    'Europe/Budapest',
  ],
  ['Romance Standard Time', '(UTC+01:00) Brussels, Copenhagen, Madrid, Paris', 'Europe/Paris'],
  [
    'Central European Standard Time',
    '(UTC+01:00) Sarajevo, Skopje, Warsaw, Zagreb',
    'Europe/Warsaw',
  ],
  ['W. Central Africa Standard Time', '(UTC+01:00) West Central Africa', 'Africa/Lagos'],
  ['GTB Standard Time', '(UTC+02:00) Athens, Bucharest', 'Europe/Bucharest'],
  ['Middle East Standard Time', '(UTC+02:00) Beirut', 'Asia/Beirut'],
  ['Egypt Standard Time', '(UTC+02:00) Cairo', 'Africa/Cairo'],
  ['E. Europe Standard Time', '(UTC+02:00) Chisinau', 'Europe/Chisinau'],
  ['West Bank Standard Time', '(UTC+02:00) Gaza, Hebron', 'Asia/Hebron'],
  ['South Africa Standard Time', '(UTC+02:00) Harare, Pretoria', 'Africa/Johannesburg'],
  ['FLE Standard Time', '(UTC+02:00) Helsinki, Kyiv, Riga, Sofia, Tallinn, Vilnius', 'Europe/Kiev'],
  ['Israel Standard Time', '(UTC+02:00) Jerusalem', 'Asia/Jerusalem'],
  ['South Sudan Standard Time', '(UTC+02:00) Juba', 'Africa/Juba'],
  ['Kaliningrad Standard Time', '(UTC+02:00) Kaliningrad', 'Europe/Kaliningrad'],
  ['Sudan Standard Time', '(UTC+02:00) Khartoum', 'Africa/Khartoum'],
  ['Libya Standard Time', '(UTC+02:00) Tripoli', 'Africa/Tripoli'],
  ['Namibia Standard Time', '(UTC+02:00) Windhoek', 'Africa/Windhoek'],
  ['Jordan Standard Time', '(UTC+03:00) Amman', 'Asia/Amman'],
  ['Arabic Standard Time', '(UTC+03:00) Baghdad', 'Asia/Baghdad'],
  ['Syria Standard Time', '(UTC+03:00) Damascus', 'Asia/Damascus'],
  ['Turkey Standard Time', '(UTC+03:00) Istanbul', 'Europe/Istanbul'],
  ['Arab Standard Time', '(UTC+03:00) Kuwait, Riyadh', 'Asia/Riyadh'],
  ['Belarus Standard Time', '(UTC+03:00) Minsk', 'Europe/Minsk'],
  ['Russian Standard Time', '(UTC+03:00) Moscow, St. Petersburg', 'Europe/Moscow'],
  ['E. Africa Standard Time', '(UTC+03:00) Nairobi', 'Africa/Nairobi'],
  ['Volgograd Standard Time', '(UTC+03:00) Volgograd', 'Europe/Volgograd'],
  ['Iran Standard Time', '(UTC+03:30) Tehran', 'Asia/Tehran'],
  ['Arabian Standard Time', '(UTC+04:00) Abu Dhabi, Muscat', 'Asia/Dubai'],
  ['Astrakhan Standard Time', '(UTC+04:00) Astrakhan, Ulyanovsk', 'Europe/Astrakhan'],
  ['Azerbaijan Standard Time', '(UTC+04:00) Baku', 'Asia/Baku'],
  ['Russia Time Zone 3', '(UTC+04:00) Izhevsk, Samara', 'Europe/Samara'],
  ['Mauritius Standard Time', '(UTC+04:00) Port Louis', 'Indian/Mauritius'],
  ['Saratov Standard Time', '(UTC+04:00) Saratov', 'Europe/Saratov'],
  ['Georgian Standard Time', '(UTC+04:00) Tbilisi', 'Asia/Tbilisi'],
  ['Caucasus Standard Time', '(UTC+04:00) Yerevan', 'Asia/Yerevan'],
  ['Afghanistan Standard Time', '(UTC+04:30) Kabul', 'Asia/Kabul'],
  ['West Asia Standard Time', '(UTC+05:00) Ashgabat, Tashkent', 'Asia/Tashkent'],
  ['Ekaterinburg Standard Time', '(UTC+05:00) Ekaterinburg', 'Asia/Yekaterinburg'],
  ['Pakistan Standard Time', '(UTC+05:00) Islamabad, Karachi', 'Asia/Karachi'],
  ['Qyzylorda Standard Time', '(UTC+05:00) Qyzylorda', 'Asia/Qyzylorda'],
  ['India Standard Time', '(UTC+05:30) Chennai, Kolkata, Mumbai, New Delhi', 'Asia/Calcutta'],
  ['Sri Lanka Standard Time', '(UTC+05:30) Sri Jayawardenepura', 'Asia/Colombo'],
  ['Nepal Standard Time', '(UTC+05:45) Kathmandu', 'Asia/Katmandu'],
  ['Central Asia Standard Time', '(UTC+06:00) Bishkek', 'Asia/Bishkek'],
  ['Bangladesh Standard Time', '(UTC+06:00) Dhaka', 'Asia/Dhaka'],
  ['Omsk Standard Time', '(UTC+06:00) Omsk', 'Asia/Omsk'],
  ['Myanmar Standard Time', '(UTC+06:30) Yangon (Rangoon)', 'Asia/Rangoon'],
  ['SE Asia Standard Time', '(UTC+07:00) Bangkok, Hanoi, Jakarta', 'Asia/Bangkok'],
  ['Altai Standard Time', '(UTC+07:00) Barnaul, Gorno-Altaysk', 'Asia/Barnaul'],
  ['W. Mongolia Standard Time', '(UTC+07:00) Hovd', 'Asia/Hovd'],
  ['North Asia Standard Time', '(UTC+07:00) Krasnoyarsk', 'Asia/Krasnoyarsk'],
  ['N. Central Asia Standard Time', '(UTC+07:00) Novosibirsk', 'Asia/Novosibirsk'],
  ['Tomsk Standard Time', '(UTC+07:00) Tomsk', 'Asia/Tomsk'],
  ['China Standard Time', '(UTC+08:00) Beijing, Chongqing, Hong Kong, Urumqi', 'Asia/Shanghai'],
  ['North Asia East Standard Time', '(UTC+08:00) Irkutsk', 'Asia/Irkutsk'],
  ['Singapore Standard Time', '(UTC+08:00) Kuala Lumpur, Singapore', 'Asia/Singapore'],
  ['W. Australia Standard Time', '(UTC+08:00) Perth', 'Australia/Perth'],
  ['Taipei Standard Time', '(UTC+08:00) Taipei', 'Asia/Taipei'],
  ['Ulaanbaatar Standard Time', '(UTC+08:00) Ulaanbaatar', 'Asia/Ulaanbaatar'],
  ['Aus Central W. Standard Time', '(UTC+08:45) Eucla', 'Australia/Eucla'],
  ['Transbaikal Standard Time', '(UTC+09:00) Chita', 'Asia/Chita'],
  ['Tokyo Standard Time', '(UTC+09:00) Osaka, Sapporo, Tokyo', 'Asia/Tokyo'],
  ['North Korea Standard Time', '(UTC+09:00) Pyongyang', 'Asia/Pyongyang'],
  ['Korea Standard Time', '(UTC+09:00) Seoul', 'Asia/Seoul'],
  ['Yakutsk Standard Time', '(UTC+09:00) Yakutsk', 'Asia/Yakutsk'],
  ['Cen. Australia Standard Time', '(UTC+09:30) Adelaide', 'Australia/Adelaide'],
  ['AUS Central Standard Time', '(UTC+09:30) Darwin', 'Australia/Darwin'],
  ['E. Australia Standard Time', '(UTC+10:00) Brisbane', 'Australia/Brisbane'],
  ['AUS Eastern Standard Time', '(UTC+10:00) Canberra, Melbourne, Sydney', 'Australia/Sydney'],
  ['West Pacific Standard Time', '(UTC+10:00) Guam, Port Moresby', 'Pacific/Port_Moresby'],
  ['Tasmania Standard Time', '(UTC+10:00) Hobart', 'Australia/Hobart'],
  ['Vladivostok Standard Time', '(UTC+10:00) Vladivostok', 'Asia/Vladivostok'],
  ['Lord Howe Standard Time', '(UTC+10:30) Lord Howe Island', 'Australia/Lord_Howe'],
  ['Bougainville Standard Time', '(UTC+11:00) Bougainville Island', 'Pacific/Bougainville'],
  ['Russia Time Zone 10', '(UTC+11:00) Chokurdakh', 'Asia/Srednekolymsk'],
  ['Magadan Standard Time', '(UTC+11:00) Magadan', 'Asia/Magadan'],
  ['Norfolk Standard Time', '(UTC+11:00) Norfolk Island', 'Pacific/Norfolk'],
  ['Sakhalin Standard Time', '(UTC+11:00) Sakhalin', 'Asia/Sakhalin'],
  [
    'Central Pacific Standard Time',
    '(UTC+11:00) Solomon Is., New Caledonia',
    'Pacific/Guadalcanal',
  ],
  ['Russia Time Zone 11', '(UTC+12:00) Anadyr, Petropavlovsk-Kamchatsky', 'Asia/Kamchatka'],
  ['New Zealand Standard Time', '(UTC+12:00) Auckland, Wellington', 'Pacific/Auckland'],
  ['UTC+12', '(UTC+12:00) Coordinated Universal Time+12', 'Etc/GMT-12'],
  ['Fiji Standard Time', '(UTC+12:00) Fiji', 'Pacific/Fiji'],
  ['Chatham Islands Standard Time', '(UTC+12:45) Chatham Islands', 'Pacific/Chatham'],
  ['UTC+13', '(UTC+13:00) Coordinated Universal Time+13', 'Etc/GMT-13'],
  ['Samoa Standard Time', '(UTC+13:00) Samoa', 'Pacific/Apia'],
  ['Tonga Standard Time', "(UTC+13:00) Nuku'alofa", 'Pacific/Tongatapu'],
];

export const timeZones: readonly TimeZoneEntry[] = entries.map(([id, label, iana]) => ({
  id,
  label,
  iana,
}));

const byId = new Map(timeZones.map((zone) => [zone.id, zone]));

export function findTimeZone(id: string | null | undefined): TimeZoneEntry | undefined {
  return id ? byId.get(id) : undefined;
}

export function isTimeZoneId(value: unknown): value is string {
  return typeof value === 'string' && byId.has(value);
}

/** A time-zone id from the list; anything else is refused with one short message. */
export const timeZoneIdSchema = z
  .string({ error: 'Time zone is required.' })
  .refine(isTimeZoneId, { error: 'Choose a time zone from the list.' });
