from ctr.config import Config
from ctr.train import train

if __name__ == "__main__":
    train(Config())
