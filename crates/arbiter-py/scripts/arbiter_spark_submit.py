"""The spark-submit entry of arbiter_referee.spark:

    spark-submit --master yarn --archives arbiter-env.tar.gz#env \
        --conf spark.pyspark.python=./env/bin/python \
        crates/arbiter-py/scripts/arbiter_spark_submit.py --out hdfs:///verdicts INPUT...

Same arguments as ``python -m arbiter_referee.spark --help``; see docs/spark.md. The module
cannot be given to spark-submit itself (it is part of a package with a native extension)."""

import sys

from arbiter_referee.spark import main

if __name__ == "__main__":
    sys.exit(main())
