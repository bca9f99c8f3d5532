package dev.capplanner.reports.masking;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Replaces sensitive values before anything is stored (rule "mask before
 * storing"): e-mail addresses and phone numbers. A phone number is a run of digits,
 * spaces and separators with at least nine digits, so order ids, amounts and dates stay readable.
 */
public final class SensitiveValueMasker {

    public static final String EMAIL_MASK = "[email]";
    public static final String PHONE_MASK = "[phone]";

    private static final Pattern EMAIL = Pattern.compile(
            "[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,}");
    private static final Pattern PHONE_CANDIDATE = Pattern.compile(
            "(?<![\\w-])(?:\\+|\\()?\\d[\\d\\s().-]{6,}\\d(?![\\w-])");
    private static final int MIN_PHONE_DIGITS = 9;

    public String mask(String text) {
        if (text == null) {
            return null;
        }
        String withoutEmails = EMAIL.matcher(text).replaceAll(EMAIL_MASK);
        Matcher phone = PHONE_CANDIDATE.matcher(withoutEmails);
        StringBuilder masked = new StringBuilder();
        while (phone.find()) {
            long digits = phone.group().chars().filter(Character::isDigit).count();
            phone.appendReplacement(masked, digits >= MIN_PHONE_DIGITS ? PHONE_MASK : Matcher.quoteReplacement(phone.group()));
        }
        phone.appendTail(masked);
        return masked.toString();
    }

    /** Masks every string value in a JSON-like tree; keys are structure and stay as they are. */
    public Object maskTree(Object value) {
        if (value instanceof String text) {
            return mask(text);
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> masked = new LinkedHashMap<>();
            map.forEach((k, v) -> masked.put(String.valueOf(k), maskTree(v)));
            return masked;
        }
        if (value instanceof List<?> list) {
            List<Object> masked = new ArrayList<>(list.size());
            list.forEach(v -> masked.add(maskTree(v)));
            return masked;
        }
        return value;
    }
}
