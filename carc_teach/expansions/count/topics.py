"""The rule ids of The Count of Carcassonne, with their titles (the taxonomy: :mod:`carc_teach.annotations.topics`)."""

from __future__ import annotations

from ..declare import Topic

TOPICS: tuple[Topic, ...] = (
    Topic("count", "The Count of Carcassonne", "count", None),
    Topic("count.setup", "Setting up with the city of Carcassonne", "count", "count"),
    Topic("count.city-tiles", "Features on the outer edge of the city tiles", "count", "count"),
    Topic("count.city-value", "The city of Carcassonne as a completed city", "count", "count"),
    Topic("count.safe", "Figures inside the city are out of reach", "count", "count"),
    Topic("count.deploy", "Deploying a follower to the city of Carcassonne", "count", "count"),
    Topic(
        "count.deploy-trigger", "What earns a deployment to Carcassonne", "count", "count.deploy"
    ),
    Topic("count.deploy.figures", "Which figures may enter Carcassonne", "count", "count.deploy"),
    Topic("count.deploy.limit", "One deployment to Carcassonne per tile", "count", "count.deploy"),
    Topic(
        "count.redeploy", "Redeploying from a quarter to a feature being scored", "count", "count"
    ),
    Topic("count.redeploy.castle", "From the castle quarter to a city", "count", "count.redeploy"),
    Topic(
        "count.redeploy.blacksmith",
        "From the blacksmith quarter to a road",
        "count",
        "count.redeploy",
    ),
    Topic(
        "count.redeploy.cathedral",
        "From the cathedral quarter to a cloister",
        "count",
        "count.redeploy",
    ),
    Topic("count.redeploy.market", "From the market quarter to a farm", "count", "count.redeploy"),
    Topic("count.redeploy.order", "Order of the redeployment round", "count", "count.redeploy"),
    Topic("count.redeploy.final", "Redeploying during final scoring", "count", "count.redeploy"),
    Topic("count.block", "The Count blocks his quarter", "count", "count"),
    Topic("count.move", "Moving the Count", "count", "count"),
)
