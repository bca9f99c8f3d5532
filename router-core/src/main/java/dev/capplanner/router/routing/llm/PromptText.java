package dev.capplanner.router.routing.llm;

/**
 * Remote text (tool descriptions) reduced to a single bounded line: no line breaks or control
 * characters that could fake a new prompt section, and no unbounded length.
 */
final class PromptText {

    private PromptText() {
    }

    static String line(String text, int maxLength) {
        if (text == null) {
            return "";
        }
        String flat = text.replaceAll("[\\p{Cntrl}\\u2028\\u2029]+", " ").replaceAll("\\s{2,}", " ").strip();
        return flat.length() <= maxLength ? flat : flat.substring(0, maxLength - 1) + "…";
    }
}
