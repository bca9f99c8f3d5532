package dev.capplanner.reports.masking;

/**
 * What one pass over a text tells the masker before any detector reads it: how many characters of
 * the kinds sensitive values are made of it holds. A detector whose every value needs more of them
 * than the text has ({@link Detector#mayFind}) is not asked: most texts of a report are short keys
 * and tool names, and asking a dozen patterns about each cost more than masking the question.
 *
 * @param length      characters
 * @param digits      ASCII digits (what {@code \d} and the detectors' own digit checks read)
 * @param upperCase   upper-case letters of any script
 * @param letters     letters of any script
 * @param atSigns     {@code @}
 * @param colons      {@code :}
 * @param dots        {@code .}
 * @param beyondLatin whether a character at or past U+0250 (where the Latin blocks end) is in it
 * @param tokenRun    the longest run of the characters tokens and keys are written with ({@code [A-Za-z0-9._~+/=-]}, as
 *                    a case-blind pattern reads them)
 */
public record TextTraits(int length, int digits, int upperCase, int letters, int atSigns, int colons, int dots,
                         boolean beyondLatin, int tokenRun) {

    public static TextTraits of(CharSequence text) {
        int digits = 0;
        int upperCase = 0;
        int letters = 0;
        int atSigns = 0;
        int colons = 0;
        int dots = 0;
        boolean beyondLatin = false;
        int tokenRun = 0;
        int run = 0;
        for (int at = 0; at < text.length(); at++) {
            char c = text.charAt(at);
            run = isTokenCharacter(c) ? run + 1 : 0;
            tokenRun = Math.max(tokenRun, run);
            if (c >= '0' && c <= '9') {
                digits++;
            } else if (c == '@') {
                atSigns++;
            } else if (c == ':') {
                colons++;
            } else if (c == '.') {
                dots++;
            } else if (c >= 0x0250) {
                beyondLatin = true;
            }
            if (Character.isLetter(c)) {
                letters++;
                if (Character.isUpperCase(c)) {
                    upperCase++;
                }
            }
        }
        return new TextTraits(text.length(), digits, upperCase, letters, atSigns, colons, dots, beyondLatin, tokenRun);
    }

    /**
     * As the case-blind patterns read {@code [A-Za-z]}: with Unicode case, the dotless and dotted I, the long s and
     * the Kelvin sign are letters of it too.
     */
    private static boolean isTokenCharacter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || "._~+/=-".indexOf(c) >= 0
                || c == '\u0130' || c == '\u0131' || c == '\u017F' || c == '\u212A';
    }
}
