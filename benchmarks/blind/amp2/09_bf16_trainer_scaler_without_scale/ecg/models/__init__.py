from .cnn1d import BeatCNN
