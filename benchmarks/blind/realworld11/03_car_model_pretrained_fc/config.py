# Paths and hyper-parameters
IMAGES_PATH = "dataset/images"
TRAINING_PATH = "train_file.csv"
VALIDATION_PATH = "test_file.csv"
PRETRAINED_WEIGHTS = "weights/resnet_imagenet.pth"

NUM_CLASSES = 3  # sedan, suv, pickup
EPOCHS = 3
BATCH_SIZE = 8
LEARNING_RATE = 0.01
MOMENTUM = 0.9
IMG_SIZE = 32
RESNET = "resnet_mini"
