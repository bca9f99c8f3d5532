package dev.capplanner.reports.masking;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * JSON keys whose values are sensitive whatever they look like ({@code name}, {@code email},
 * {@code password}, ...), compared without case, underscores or dashes; a tenant may add its own.
 */
public final class SensitiveKeys {

    private static final Map<String, SensitiveKind> DEFAULTS = defaults();

    private final Map<String, SensitiveKind> keys;

    private SensitiveKeys(Map<String, SensitiveKind> keys) {
        this.keys = Map.copyOf(keys);
    }

    public static SensitiveKeys defaultsPlus(Iterable<String> extra) {
        Map<String, SensitiveKind> keys = new HashMap<>(DEFAULTS);
        extra.forEach(key -> keys.putIfAbsent(normalized(key), SensitiveKind.VALUE));
        return new SensitiveKeys(keys);
    }

    public Optional<SensitiveKind> kindOf(String key) {
        return Optional.ofNullable(keys.get(normalized(key)));
    }

    private static String normalized(String key) {
        String lower = key.toLowerCase(Locale.ROOT);
        StringBuilder kept = new StringBuilder(lower.length());
        for (int at = 0; at < lower.length(); at++) {
            char c = lower.charAt(at);
            if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
                kept.append(c);
            }
        }
        return kept.toString();
    }

    private static Map<String, SensitiveKind> defaults() {
        Map<String, SensitiveKind> keys = new HashMap<>();
        for (String key : new String[] {"name", "firstname", "lastname", "fullname", "surname", "givenname",
                "customername", "contactname", "username", "displayname", "person"}) {
            keys.put(key, SensitiveKind.PERSON);
        }
        for (String key : new String[] {"email", "emailaddress", "mail"}) {
            keys.put(key, SensitiveKind.EMAIL);
        }
        for (String key : new String[] {"phone", "phonenumber", "mobile", "cell", "telephone", "tel", "fax"}) {
            keys.put(key, SensitiveKind.PHONE);
        }
        for (String key : new String[] {"address", "street", "streetaddress", "addressline1", "addressline2",
                "postaladdress", "homeaddress", "zip", "zipcode", "postcode", "postalcode"}) {
            keys.put(key, SensitiveKind.ADDRESS);
        }
        for (String key : new String[] {"password", "passwd", "secret", "token", "accesstoken", "refreshtoken",
                "apikey", "authorization", "clientsecret", "privatekey", "sessionid", "cookie"}) {
            keys.put(key, SensitiveKind.SECRET);
        }
        keys.put("iban", SensitiveKind.IBAN);
        for (String key : new String[] {"cardnumber", "creditcard", "pan", "card"}) {
            keys.put(key, SensitiveKind.CARD);
        }
        for (String key : new String[] {"ssn", "taxid", "nationalid", "fiscalcode", "codicefiscale", "passport",
                "passportnumber"}) {
            keys.put(key, SensitiveKind.NATIONAL_ID);
        }
        for (String key : new String[] {"dob", "birthdate", "dateofbirth", "birthday"}) {
            keys.put(key, SensitiveKind.DATE_OF_BIRTH);
        }
        for (String key : new String[] {"ip", "ipaddress", "clientip"}) {
            keys.put(key, SensitiveKind.IP);
        }
        return keys;
    }
}
