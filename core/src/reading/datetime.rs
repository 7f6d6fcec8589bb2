//! A date-time the user types ("rewind to 2026-11-30 12:00") read as epoch milliseconds, the
//! number `kafka-get-offsets.sh --time` takes. A time without an offset is UTC, as
//! `kafka-consumer-groups.sh --to-datetime` takes it.
//!
//! Accepted: `YYYY-MM-DDTHH:MM[:SS[.fraction]]` followed by `Z`, `+HH:MM`, `-HH:MM`, `+HHMM` or
//! nothing (then it is UTC, as `kafka-consumer-groups.sh --to-datetime` reads it); `T` may be a
//! space, `T` and `Z` may be lowercase, and the zone may follow a space and be written `UTC` or
//! `GMT` (`2026-11-30 12:00 UTC`, as people write it). Epoch milliseconds (`1796040000000`, what
//! `--time` itself takes) are accepted as they are; a number too small to be milliseconds of
//! this era is refused as epoch seconds. A date alone (`2026-11-30`) is midnight UTC of that day:
//! a user who names a day means its start, and saying so in the echoed milliseconds is clearer
//! than refusing. Fractions finer than a millisecond are cut (Kafka's timestamps are
//! milliseconds). Refused, with the 1-based column of the problem: impossible dates
//! (2025-02-29, 24:00), a time before 1970-01-01T00:00:00Z (Kafka has no record timestamps
//! before it; `--time` reads a negative number as a special value), and a time after `now_ms`,
//! which the caller passes because core has no clock.
//!
//! Written by hand (about 150 lines with the calendar arithmetic of Howard Hinnant's
//! `days_from_civil`) rather than with the `time` crate: its RFC 3339 parser requires an offset,
//! so the UTC default, the date-only form and the space separator each need another format
//! description, and its errors name components, not the column the page underlines.

use std::fmt;

/// Why a date-time was refused: a sentence and the 1-based column (in characters) it is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DateTimeError {
    pub column: usize,
    pub message: String,
}

impl fmt::Display for DateTimeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

impl std::error::Error for DateTimeError {}

const EXAMPLE: &str = "write it as 2026-11-30T12:00:00Z, 2026-11-30 12:00 UTC, 2026-11-30T13:00:00+01:00, 2026-11-30 (UTC unless an offset is given) or epoch milliseconds such as 1796040000000";

/// Below this, a number is read as epoch seconds typed by mistake (as milliseconds it would be
/// before 1973-03-03).
const SMALLEST_EPOCH_MS: i64 = 100_000_000_000;

/// Reads `text` as epoch milliseconds; `now_ms` is the current time (a later time is refused).
pub fn parse_datetime(text: &str, now_ms: i64) -> Result<i64, DateTimeError> {
    let chars: Vec<char> = text.trim_end().chars().collect();
    let lead = chars.iter().take_while(|c| c.is_whitespace()).count();
    let mut p = Reader {
        chars: &chars,
        at: lead,
    };
    if p.at >= chars.len() {
        return Err(p.error(format!("the date-time is empty; {EXAMPLE}")));
    }
    let rest = chars.get(lead..).unwrap_or_default();
    if rest.len() > 4 && rest.iter().all(char::is_ascii_digit) {
        return epoch_millis(rest, lead, now_ms);
    }
    let (year, month, day) = p.date()?;
    let mut clock = Clock::default();
    let mut offset_minutes: i64 = 0;
    if p.at < chars.len() {
        if !matches!(p.peek(), Some('T' | 't' | ' ')) {
            return Err(p.error(format!("expected 'T' and a time after the date; {EXAMPLE}")));
        }
        p.at += 1;
        clock = p.clock()?;
        offset_minutes = p.zone()?;
    }
    if p.at < chars.len() {
        return Err(p.error(format!("unexpected text after the date-time; {EXAMPLE}")));
    }
    let days = days_from_civil(year, month, day);
    let seconds =
        days * 86_400 + clock.hour * 3600 + clock.minute * 60 + clock.second - offset_minutes * 60;
    let ms = seconds * 1000 + clock.millis;
    within_kafka_time(text, ms, lead + 1, now_ms)
}

/// The time of day a date-time names, before its zone is applied.
#[derive(Default)]
struct Clock {
    hour: i64,
    minute: i64,
    second: i64,
    millis: i64,
}

/// `ms` (the time `text` names) if Kafka has records at it: not before 1970 and not after `now_ms`.
fn within_kafka_time(
    text: &str,
    ms: i64,
    column: usize,
    now_ms: i64,
) -> Result<i64, DateTimeError> {
    if ms < 0 {
        return Err(DateTimeError {
            column,
            message: format!(
                "{} is before 1970-01-01T00:00:00Z; Kafka's record timestamps start there, and --time reads a negative number as a special value (-1 latest, -2 earliest)",
                text.trim()
            ),
        });
    }
    if ms > now_ms {
        return Err(DateTimeError {
            column,
            message: format!(
                "{} is in the future (now is {}); no record has that timestamp yet, so Kafka would answer with no offset for every partition",
                text.trim(),
                format_utc(now_ms)
            ),
        });
    }
    Ok(ms)
}

/// `digits` (starting at 0-based character `lead`) as epoch milliseconds.
fn epoch_millis(digits: &[char], lead: usize, now_ms: i64) -> Result<i64, DateTimeError> {
    let text: String = digits.iter().collect();
    let column = lead + 1;
    let Ok(ms) = text.parse::<i64>() else {
        return Err(DateTimeError {
            column,
            message: format!("{text} is too large to be epoch milliseconds; {EXAMPLE}"),
        });
    };
    if ms < SMALLEST_EPOCH_MS {
        return Err(DateTimeError {
            column,
            message: format!(
                "{text} looks like epoch seconds (as milliseconds it would be {}); Kafka's --time takes milliseconds: write {text}000",
                format_utc(ms)
            ),
        });
    }
    if ms > now_ms {
        return Err(DateTimeError {
            column,
            message: format!(
                "{text} ({}) is in the future (now is {}); no record has that timestamp yet, so Kafka would answer with no offset for every partition",
                format_utc(ms),
                format_utc(now_ms)
            ),
        });
    }
    Ok(ms)
}

/// Epoch milliseconds as `2026-11-30T12:00:00Z` (with `.mmm` when not a whole second): how the
/// editor echoes the time it used.
pub fn format_utc(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let millis = ms.rem_euclid(1000);
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    let (y, m, d) = civil_from_days(days);
    let base = format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    );
    if millis == 0 {
        format!("{base}Z")
    } else {
        format!("{base}.{millis:03}Z")
    }
}

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

fn is_leap(y: i64) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

fn days_in_month(y: i64, m: i64) -> i64 {
    match m {
        2 if is_leap(y) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Milliseconds since 1970-01-01T00:00:00Z of an RFC 3339 time as Kubernetes writes it
/// (`2026-11-30T12:00:00Z`, fractions and offsets accepted); `None` for anything else. The
/// header's "listed 3 hours ago" reads `metadata.creationTimestamp` with it; unlike
/// [`parse_datetime`] (what a user types) it takes only this one form, with the same calendar
/// arithmetic (`days_from_civil`).
pub fn epoch_ms(time: &str) -> Option<i64> {
    let num = |s: &str| -> Option<i64> {
        (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse().ok())
            .flatten()
    };
    let (date, rest) = time.split_once(['T', 't', ' '])?;
    let mut d = date.split('-');
    let (y, m, day) = (num(d.next()?)?, num(d.next()?)?, num(d.next()?)?);
    let (clock, offset_minutes) = if let Some(c) = rest.strip_suffix(['Z', 'z']) {
        (c, 0)
    } else {
        let at = rest.rfind(['+', '-'])?;
        let (c, off) = rest.split_at(at);
        let sign = if off.starts_with('-') { -1 } else { 1 };
        let (h, mi) = off.get(1..)?.split_once(':')?;
        (c, sign * (num(h)? * 60 + num(mi)?))
    };
    let clock = clock.split('.').next()?;
    let mut c = clock.split(':');
    let (h, mi, sec) = (num(c.next()?)?, num(c.next()?)?, num(c.next()?)?);
    if !(1..=12).contains(&m) || !(1..=31).contains(&day) || h > 23 || mi > 59 || sec > 60 {
        return None;
    }
    let days = days_from_civil(y, m, day);
    Some(((days * 24 + h) * 60 + mi - offset_minutes) * 60_000 + sec * 1000)
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The inverse of [`days_from_civil`].
fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

struct Reader<'a> {
    chars: &'a [char],
    at: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn error(&self, message: String) -> DateTimeError {
        DateTimeError {
            column: self.at + 1,
            message,
        }
    }

    fn digits(&mut self, n: usize, what: &str) -> Result<i64, DateTimeError> {
        let mut v = 0i64;
        for _ in 0..n {
            match self.peek().and_then(|c| c.to_digit(10)) {
                Some(d) => {
                    v = v * 10 + i64::from(d);
                    self.at += 1;
                }
                None => return Err(self.error(format!("expected {what}; {EXAMPLE}"))),
            }
        }
        Ok(v)
    }

    fn expect(&mut self, c: char, what: &str) -> Result<(), DateTimeError> {
        if self.peek() == Some(c) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.error(format!("expected {what}; {EXAMPLE}")))
        }
    }

    /// `YYYY-MM-DD`, refused when the calendar has no such day.
    fn date(&mut self) -> Result<(i64, i64, i64), DateTimeError> {
        let year = self.digits(4, "the year (4 digits)")?;
        self.expect('-', "'-' after the year")?;
        let month = self.digits(2, "the month (2 digits, 01 to 12)")?;
        self.expect('-', "'-' after the month")?;
        let day_col = self.at + 1;
        let day = self.digits(2, "the day (2 digits)")?;
        if !(1..=12).contains(&month) {
            return Err(DateTimeError {
                column: day_col - 3,
                message: format!("month {month:02} does not exist; months are 01 to 12"),
            });
        }
        if day < 1 || day > days_in_month(year, month) {
            return Err(DateTimeError {
                column: day_col,
                message: format!(
                    "{year:04}-{month:02}-{day:02} does not exist: {} has {} days{}",
                    MONTHS
                        .get(month as usize - 1)
                        .copied()
                        .unwrap_or("this month"),
                    days_in_month(year, month),
                    if month == 2 && !is_leap(year) {
                        format!(" ({year} is not a leap year)")
                    } else {
                        String::new()
                    }
                ),
            });
        }
        Ok((year, month, day))
    }

    /// `HH:MM[:SS[.fraction]]`, each field refused when out of range.
    fn clock(&mut self) -> Result<Clock, DateTimeError> {
        let hour_col = self.at + 1;
        let hour = self.digits(2, "the hour (2 digits, 00 to 23)")?;
        self.expect(':', "':' after the hour")?;
        let minute_col = self.at + 1;
        let minute = self.digits(2, "the minutes (2 digits, 00 to 59)")?;
        let mut second_col = minute_col;
        let (mut second, mut millis) = (0, 0);
        if self.peek() == Some(':') {
            self.at += 1;
            second_col = self.at + 1;
            second = self.digits(2, "the seconds (2 digits, 00 to 59)")?;
            if matches!(self.peek(), Some('.' | ',')) {
                self.at += 1;
                millis = self.fraction_millis()?;
            }
        }
        if hour > 23 {
            return Err(DateTimeError {
                column: hour_col,
                message: format!("hour {hour:02} does not exist; hours are 00 to 23"),
            });
        }
        if minute > 59 {
            return Err(DateTimeError {
                column: minute_col,
                message: format!("minute {minute:02} does not exist; minutes are 00 to 59"),
            });
        }
        if second > 59 {
            return Err(DateTimeError {
                column: second_col,
                message: format!(
                    "second {second:02} does not exist; seconds are 00 to 59 (Kafka's clock has no leap seconds)"
                ),
            });
        }
        Ok(Clock {
            hour,
            minute,
            second,
            millis,
        })
    }

    /// The digits after a decimal point as milliseconds; finer digits are cut.
    fn fraction_millis(&mut self) -> Result<i64, DateTimeError> {
        let start = self.at;
        let (mut millis, mut scale) = (0, 100);
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            millis += i64::from(d) * scale;
            scale /= 10;
            self.at += 1;
        }
        if self.at == start {
            return Err(self.error("expected digits after the decimal point".into()));
        }
        Ok(millis)
    }

    /// The zone after the time (`Z`, `+HH:MM`, `-HHMM`, `UTC`, `GMT`, or nothing) as minutes east
    /// of UTC.
    fn zone(&mut self) -> Result<i64, DateTimeError> {
        // A space before the zone, and the zone as UTC or GMT.
        if self.peek() == Some(' ')
            && matches!(
                self.chars.get(self.at + 1),
                Some('Z' | 'z' | '+' | '-' | 'U' | 'u' | 'G' | 'g')
            )
        {
            self.at += 1;
        }
        let word: String = self
            .chars
            .get(self.at..self.at + 3)
            .unwrap_or_default()
            .iter()
            .collect::<String>()
            .to_ascii_uppercase();
        if word == "UTC" || word == "GMT" {
            self.at += 3;
        }
        match self.peek() {
            None => Ok(0),
            Some('Z' | 'z') => {
                self.at += 1;
                Ok(0)
            }
            Some(sign @ ('+' | '-')) => {
                let sign_col = self.at + 1;
                self.at += 1;
                let h = self.digits(2, "the offset hours (2 digits)")?;
                if self.peek() == Some(':') {
                    self.at += 1;
                }
                let m = if self.at < self.chars.len() {
                    self.digits(2, "the offset minutes (2 digits)")?
                } else {
                    0
                };
                if h > 23 || m > 59 {
                    return Err(DateTimeError {
                        column: sign_col,
                        message: format!(
                            "the offset {sign}{h:02}:{m:02} does not exist; offsets run from -23:59 to +23:59"
                        ),
                    });
                }
                Ok((h * 60 + m) * if sign == '-' { -1 } else { 1 })
            }
            Some(_) => Err(self.error(format!(
                "expected 'Z', an offset like +01:00, or the end; {EXAMPLE}"
            ))),
        }
    }
}

#[cfg(test)]
#[path = "datetime_tests.rs"]
mod tests;
