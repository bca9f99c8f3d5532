package dev.capplanner.reports.masking;

/** What a masked value was; its label names the pseudonym ({@code <person:3f9a1c2b>}). */
public enum SensitiveKind {
    PERSON("person"),
    EMAIL("email"),
    PHONE("phone"),
    ADDRESS("address"),
    CARD("card"),
    IBAN("iban"),
    NATIONAL_ID("national-id"),
    IP("ip"),
    DATE_OF_BIRTH("dob"),
    SECRET("secret"),
    /** A word with eight or more digits that no other detector named (an account or document number). */
    ID_NUMBER("id-number"),
    /** A value the planner bound from the question (an id, a number, a name the detectors missed), or an identifier. */
    VALUE("value"),
    /** A proper noun other than a person's name (a place, a brand) that the word lists know (strict mode). */
    NAME("name"),
    /** A word no vocabulary keeps (strict mode): a name nobody listed, a misspelling, a word of another language. */
    WORD("word");

    private final String label;

    SensitiveKind(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
