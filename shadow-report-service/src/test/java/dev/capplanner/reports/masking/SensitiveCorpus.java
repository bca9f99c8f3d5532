package dev.capplanner.reports.masking;

import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import net.datafaker.Faker;

/**
 * Generated sensitive values (net.datafaker, fixed seed) in the sentences a support agent or a plan
 * would carry them in, one kind at a time, so recall can be counted per kind.
 */
public final class SensitiveCorpus {

    public record Sample(SensitiveKind kind, String value, String text) {
    }

    private static final List<Locale> LOCALES = List.of(Locale.ENGLISH, Locale.ITALIAN, Locale.GERMAN, Locale.FRENCH,
            Locale.forLanguageTag("es"), Locale.forLanguageTag("nl"));

    private SensitiveCorpus() {
    }

    public static List<Sample> generate(long seed, int perKind) {
        Random random = new Random(seed);
        List<Faker> fakers = LOCALES.stream().map(l -> new Faker(l, new Random(random.nextLong()))).toList();
        Faker en = new Faker(Locale.ENGLISH, new Random(seed));
        List<Sample> samples = new ArrayList<>();
        for (int i = 0; i < perKind; i++) {
            Faker local = fakers.get(i % fakers.size());
            String name = local.name().firstName() + " " + local.name().lastName();
            samples.add(sample(SensitiveKind.PERSON, name, pick(random, "Show the orders for %s",
                    "Where is the parcel of %s's last order?", "%s called about a refund", "Is %s a customer?")));
            String email = en.internet().emailAddress();
            samples.add(sample(SensitiveKind.EMAIL, email, "My e-mail is %s, please reply"));
            String phone = i % 2 == 0 ? en.phoneNumber().cellPhone() : local.phoneNumber().phoneNumber();
            samples.add(sample(SensitiveKind.PHONE, phone, pick(random, "Call me on %s", "phone: %s", "tel %s today")));
            String street = i % 3 == 0 ? en.address().streetAddress(i % 2 == 0) : local.address().streetAddress();
            samples.add(sample(SensitiveKind.ADDRESS, street, pick(random, "Ship it to %s please",
                    "The address is %s, second floor", "Deliver to %s")));
            samples.add(sample(SensitiveKind.CARD, en.finance().creditCard(), "Charge card %s for the order"));
            samples.add(sample(SensitiveKind.IBAN, en.finance().iban(), "Refund to IBAN %s"));
            samples.add(sample(SensitiveKind.NATIONAL_ID, en.idNumber().ssnValid(), "SSN %s on file"));
            String ip = i % 2 == 0 ? en.internet().ipV4Address() : en.internet().ipV6Address();
            samples.add(sample(SensitiveKind.IP, ip, "Login from %s failed"));
            String birthday = en.timeAndDate().birthday(18, 90).format(DateTimeFormatter.ISO_LOCAL_DATE);
            samples.add(sample(SensitiveKind.DATE_OF_BIRTH, birthday, pick(random, "born %s", "date of birth: %s",
                    "DOB %s")));
            samples.add(sample(SensitiveKind.SECRET, secret(random, i), pick(random, "use token %s",
                    "Authorization: Bearer %s", "the api key is %s", "%s")));
        }
        return samples;
    }

    private static String secret(Random random, int i) {
        byte[] bytes = new byte[24];
        random.nextBytes(bytes);
        String token = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        return switch (i % 4) {
            case 0 -> "sk-proj-" + token;
            case 1 -> "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1LTE3In0." + token;
            case 2 -> "ghp_" + token.replaceAll("[^A-Za-z0-9]", "x") + "abcdef";
            default -> "AKIA" + token.replaceAll("[^A-Za-z0-9]", "X").toUpperCase(Locale.ROOT).substring(0, 16);
        };
    }

    private static Sample sample(SensitiveKind kind, String value, String template) {
        return new Sample(kind, value, template.formatted(value));
    }

    private static String pick(Random random, String... templates) {
        return templates[random.nextInt(templates.length)];
    }
}
