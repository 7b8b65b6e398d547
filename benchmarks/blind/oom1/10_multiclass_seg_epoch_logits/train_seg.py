from segm.config import SegConfig
from segm.pipeline import main

if __name__ == "__main__":
    main(SegConfig())
