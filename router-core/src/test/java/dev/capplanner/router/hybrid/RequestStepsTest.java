package dev.capplanner.router.hybrid;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class RequestStepsTest {

    private final RequestSteps steps = new RequestSteps();

    @Test
    void sequencedActionsAreSteps() {
        assertThat(steps.split("Retrieve the grammar of German. Then translate 'hello' into Turkish. "
                + "Finally, provide the maintenance history of the Main branch."))
                .containsExactly("Retrieve the grammar of German.", "Then translate 'hello' into Turkish.",
                        "Finally, provide the maintenance history of the Main branch.");
    }

    @Test
    void actionsJoinedByAndAreSteps() {
        assertThat(steps.split("Find the customer Riccardo Lorini and list his open orders"))
                .containsExactly("Find the customer Riccardo Lorini", "list his open orders");
        assertThat(steps.split("Are there any severe weather warnings right now and can you find news articles"
                + " about recent storms?"))
                .containsExactly("Are there any severe weather warnings right now",
                        "can you find news articles about recent storms?");
    }

    @Test
    void anAndBetweenThingsIsNotASplit() {
        assertThat(steps.split("Show the invoices and payments of customer C-1001."))
                .containsExactly("Show the invoices and payments of customer C-1001.");
        assertThat(steps.split("Compare the weather in Rome and Milan"))
                .containsExactly("Compare the weather in Rome and Milan");
    }

    @Test
    void contextSentencesStayWithTheirActionAndDoNotMakeASecondStep() {
        assertThat(steps.split("I'm planning to move to Chicago. What are the best neighborhoods to rent a house?"))
                .containsExactly("I'm planning to move to Chicago. What are the best neighborhoods to rent a house?");
        assertThat(steps.split("I need your assistance in preparing for disasters. Retrieve preparedness tips for"
                + " Los Angeles. After that, I would like to know the weekly health index of Los Angeles."))
                .containsExactly("I need your assistance in preparing for disasters. Retrieve preparedness tips for"
                        + " Los Angeles.", "After that, I would like to know the weekly health index of Los Angeles.");
        assertThat(steps.split("Please help me calculate my VO2 max. I am a 25-year-old moderately active male. "
                + "Then, analyze the range of motion of my knee joint."))
                .containsExactly("Please help me calculate my VO2 max. I am a 25-year-old moderately active male.",
                        "Then, analyze the range of motion of my knee joint.");
    }

    @Test
    void quotedTextIsNeverSplit() {
        String request = "Check the spelling of \"Find the file. Then send it and list the rest.\" please";
        assertThat(steps.split(request)).containsExactly(request);
        assertThat(steps.split("Translate 'Where is the station? And then the museum?' into Swedish. "
                + "Then find the train times to Uppsala."))
                .containsExactly("Translate 'Where is the station? And then the museum?' into Swedish.",
                        "Then find the train times to Uppsala.");
    }

    @Test
    void statedNeedsAreActions() {
        assertThat(steps.split("I want to understand the air pollution hazards in Los Angeles. Additionally, I am"
                + " interested in the governance statistics for Africa in 2021."))
                .hasSize(2);
        assertThat(steps.split("I'd like the weather in Oslo. I'm also looking for a cheap hotel there."))
                .hasSize(2);
    }

    @Test
    void aSingleActionOrAnotherLanguageIsRankedWhole() {
        assertThat(steps.split("Where is order O-5002?")).containsExactly("Where is order O-5002?");
        assertThat(steps.split("Show orders. Thanks!")).containsExactly("Show orders. Thanks!");
        String persian = "فاکتورهای مشتری را نشان بده. سپس پرداخت‌ها را فهرست کن.";
        assertThat(steps.split(persian)).containsExactly(persian);
    }

    @Test
    void theSnapshotsOwnOperationsCountAsActions() {
        String request = "Show the weather in Oslo and geocode the station address";
        assertThat(steps.split(request)).as("an unknown word after \"and\" may be a noun").containsExactly(request);
        assertThat(new RequestSteps(List.of("geocode")).split(request))
                .containsExactly("Show the weather in Oslo", "geocode the station address");
    }

    @Test
    void aVerbTheListLacksStillStartsAnActionWhenAnObjectFollowsIt() {
        assertThat(steps.split("Retrieve the telecom policy for China. Then, activate the service LbH6."))
                .containsExactly("Retrieve the telecom policy for China.", "Then, activate the service LbH6.");
        assertThat(steps.split("Retrieve the telecom policy for China. John Doe's address is in Rome."))
                .as("a statement is context").hasSize(1);
    }

    @Test
    void aConditionOrTimeBeforeTheVerbDoesNotHideTheAction() {
        assertThat(steps.split("Create an asset named Chainlink. After the creation, I need to retrieve the EKG"
                + " machine details. Once you have them, check the loyalty status of customer 12."))
                .hasSize(3);
        assertThat(steps.split("As a restaurant owner, I want to open a branch in Paris. The hours are 9 to 5."
                + " As part of our hiring, please list the open job positions."))
                .containsExactly("As a restaurant owner, I want to open a branch in Paris. The hours are 9 to 5.",
                        "As part of our hiring, please list the open job positions.");
    }

    @Test
    void aFollowUpThatNamesNothingNewIsNotASecondAction() {
        String request = "I want to surprise my kids with tickets to a circus show. Can you help me find the best options?";
        assertThat(steps.split(request)).containsExactly(request);
        assertThat(steps.split("We need an avatar video of our mission. Can you create one?")).hasSize(1);
        assertThat(steps.split("Can you provide the air quality forecast for the next two days?")).hasSize(1);
    }

    @Test
    void twoVerbsOnOneObjectAndVerbsThatAreNounsAreOneAction() {
        assertThat(steps.split("Find me articles that explore and analyze the effects of climate change")).hasSize(1);
        assertThat(steps.split("Find studies from reputable journals and research institutions on meditation"))
                .hasSize(1);
    }
}
