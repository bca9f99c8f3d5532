package dev.capplanner.router.evaluation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ListwiseFitTest {

    @Test
    void theFeatureThatMarksGoldGetsTheWeightAndNoiseLittle() {
        double[] weights = ListwiseFit.standard().fit(List.of(lists(new Random(1), 300, 0)));
        assertThat(weights[0]).isGreaterThan(1);
        assertThat(Math.abs(weights[1])).isLessThan(weights[0] / 5);
    }

    @Test
    void aSmallDatasetIsNotDrownedByALargeOne() {
        // the large dataset's gold is told by feature 0, the small one's by feature 1 only
        double[] weights = ListwiseFit.standard().fit(List.of(lists(new Random(2), 2_000, 0),
                lists(new Random(3), 20, 1)));
        assertThat(weights[1]).as("the small dataset's signal").isGreaterThan(weights[0] / 3);
        assertThat(weights[0]).isGreaterThan(0);
    }

    @Test
    void nothingToFitOnIsAClearError() {
        assertThatThrownBy(() -> ListwiseFit.standard().fit(List.of(List.of())))
                .hasMessageContaining("no candidate list");
    }

    /** Lists of ten candidates, one gold, whose {@code telling} feature is higher on gold; the other is noise. */
    private static List<ListwiseFit.Group> lists(Random random, int count, int telling) {
        List<ListwiseFit.Group> groups = new ArrayList<>();
        for (int g = 0; g < count; g++) {
            double[][] rows = new double[10][2];
            boolean[] positive = new boolean[10];
            int gold = random.nextInt(10);
            positive[gold] = true;
            for (int i = 0; i < 10; i++) {
                rows[i][0] = random.nextDouble() * 0.5;
                rows[i][1] = random.nextDouble() * 0.5;
            }
            rows[gold][telling] += 0.5;
            groups.add(new ListwiseFit.Group(rows, positive));
        }
        return groups;
    }
}
