package dev.capplanner.reports.masking;

import java.math.BigInteger;
import java.util.Locale;

/** The checks that tell a payment card or an IBAN from any other run of digits and letters. */
public final class Checksums {

    private static final BigInteger NINETY_SEVEN = BigInteger.valueOf(97);

    private Checksums() {
    }

    /** Luhn over the digits of the value (separators ignored), 13 to 19 digits. */
    public static boolean luhn(String value) {
        String digits = value.replaceAll("[^0-9]", "");
        if (digits.length() < 13 || digits.length() > 19) {
            return false;
        }
        int sum = 0;
        boolean doubled = false;
        for (int i = digits.length() - 1; i >= 0; i--) {
            int digit = digits.charAt(i) - '0';
            if (doubled) {
                digit *= 2;
                if (digit > 9) {
                    digit -= 9;
                }
            }
            sum += digit;
            doubled = !doubled;
        }
        return sum % 10 == 0;
    }

    /** ISO 13616: the country and check digits moved to the end, letters as numbers, mod 97 is 1. */
    public static boolean iban(String value) {
        String compact = value.replaceAll("\\s", "").toUpperCase(Locale.ROOT);
        if (!compact.matches("[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}")) {
            return false;
        }
        String rearranged = compact.substring(4) + compact.substring(0, 4);
        StringBuilder numeric = new StringBuilder();
        for (char c : rearranged.toCharArray()) {
            numeric.append(Character.isLetter(c) ? String.valueOf(c - 'A' + 10) : String.valueOf(c));
        }
        return new BigInteger(numeric.toString()).mod(NINETY_SEVEN).intValue() == 1;
    }

    /** A US Social Security number that can be issued: area not 000, 666 or 9xx; group and serial not zero. */
    public static boolean ssn(String value) {
        String[] parts = value.split("-");
        return parts.length == 3 && !parts[0].equals("000") && !parts[0].equals("666") && parts[0].charAt(0) != '9'
                && !parts[1].equals("00") && !parts[2].equals("0000");
    }

    /** Four dot-separated numbers, each 0 to 255. */
    public static boolean ipv4(String value) {
        String[] octets = value.split("\\.");
        if (octets.length != 4) {
            return false;
        }
        for (String octet : octets) {
            if (octet.length() > 3 || Integer.parseInt(octet) > 255) {
                return false;
            }
        }
        return true;
    }

    /** An IPv6 address in any of its textual forms (full, compressed with {@code ::}, IPv4-suffixed). */
    public static boolean ipv6(String value) {
        if (!value.contains(":") || value.chars().filter(c -> c == ':').count() < 2) {
            return false;
        }
        try {
            return java.net.InetAddress.getByName(value) instanceof java.net.Inet6Address;
        } catch (java.net.UnknownHostException | SecurityException e) {
            return false;
        }
    }
}
