package dev.capplanner.importing.inference;

/**
 * Remote text (descriptions, summaries, titles) is data, never instructions: it is kept on one
 * line, without control characters, and capped, so it cannot fake a prompt section downstream.
 */
public final class UntrustedText {

    public static final int MAX_DESCRIPTION = 500;

    private UntrustedText() {
    }

    public static String line(String text, int maxLength) {
        if (text == null) {
            return "";
        }
        String flat = text.replaceAll("[\\p{Cntrl}\\u2028\\u2029]+", " ").replaceAll("\\s{2,}", " ").strip();
        return flat.length() <= maxLength ? flat : flat.substring(0, maxLength - 1) + "…";
    }
}
