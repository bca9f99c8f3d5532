package dev.capplanner.reports.masking;

import java.text.Normalizer;

/**
 * What every text goes through before it is masked: a NUL or another control character can neither
 * hide a value from the detectors nor keep a report from being stored, and look-alike characters
 * (full-width digits, a full-width at sign) become the ones the detectors know. Removed: C0 and C1
 * controls (NUL, escape, delete ...) and format characters (zero-width spaces and joiners,
 * direction overrides, the byte order mark, soft hyphens); tabs, carriage returns and Unicode line
 * separators become a space or a line feed; a lone surrogate becomes U+FFFD; then NFKC.
 */
public final class TextNormalization {

    private TextNormalization() {
    }

    public static String normalize(String text) {
        if (text == null || text.isEmpty() || isPlainAscii(text)) {
            // Printable ASCII and line feeds are what NFKC and the removals leave as they are: most texts.
            return text;
        }
        StringBuilder cleaned = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                int codePoint = Character.toCodePoint(c, text.charAt(i + 1));
                i++;
                if (Character.getType(codePoint) != Character.FORMAT) {
                    cleaned.appendCodePoint(codePoint);
                }
            } else if (Character.isSurrogate(c)) {
                cleaned.append('\uFFFD');
            } else if (c == '\n' || c == '\u2028' || c == '\u2029' || c == '\u0085') {
                cleaned.append('\n');
            } else if (c == '\t' || c == '\r' || c == '\u000B' || c == '\u000C') {
                cleaned.append(' ');
            } else if (!Character.isISOControl(c) && Character.getType(c) != Character.FORMAT) {
                cleaned.append(c);
            }
        }
        String normalized = Normalizer.normalize(cleaned, Normalizer.Form.NFKC);
        // NFKC never yields a control character, but it may compose a format one: remove it again.
        return withoutFormatCharacters(normalized);
    }

    private static boolean isPlainAscii(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if ((c < 0x20 && c != '\n') || c > 0x7E) {
                return false;
            }
        }
        return true;
    }

    private static String withoutFormatCharacters(String text) {
        StringBuilder kept = null;
        for (int at = 0; at < text.length(); ) {
            int codePoint = text.codePointAt(at);
            int width = Character.charCount(codePoint);
            if (Character.getType(codePoint) == Character.FORMAT) {
                if (kept == null) {
                    kept = new StringBuilder(text.length()).append(text, 0, at);
                }
            } else if (kept != null) {
                kept.appendCodePoint(codePoint);
            }
            at += width;
        }
        return kept == null ? text : kept.toString();
    }
}
